import { useEffect, useState } from 'react';
import { afterNextPaint } from './after-next-paint';

/**
 * A value that follows `value` only once the frame showing the change has been painted: work keyed on it
 * (drawing the upcoming puzzle ahead) never delays that frame. React's useDeferredValue promised this, but
 * Preact's compat layer (decision 0036) returns the value at once, which put the hidden upcoming matrix
 * into the click's own frame.
 */
export function usePaintedValue<T>(value: T): T {
  const [painted, setPainted] = useState(value);
  useEffect(() => {
    if (Object.is(painted, value)) return;
    return afterNextPaint(() => setPainted(value));
  }, [value, painted]);
  return painted;
}

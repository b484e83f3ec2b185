import { describe, expect, it } from 'vitest';
import { EMPTY_PROGRESS, withChoice } from './progress';

describe('item progress', () => {
  it('takes the first choice latency once and counts later changes', () => {
    const first = withChoice({ ...EMPTY_PROGRESS, timeMs: 4000 }, 2, 1500);
    expect(first).toMatchObject({ choice: 2, firstChoiceMs: 5500, changes: 0 });
    expect(withChoice(first, 2, 9000)).toBe(first);
    const changed = withChoice(first, 4, 9000);
    expect(changed).toMatchObject({ choice: 4, firstChoiceMs: 5500, changes: 1 });
  });
});

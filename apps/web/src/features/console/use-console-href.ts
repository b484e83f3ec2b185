import { useCallback } from 'react';
import { buildHref, type RouteKey } from '../../app/paths';
import { useScope } from '../../app/use-scope';

/** Links from the console keep the scope it was opened with. */
export function useConsoleHref() {
  const scope = useScope();
  return useCallback(
    (key: RouteKey, query: Record<string, string> = {}) => buildHref(key, { scope: scope.value }, query),
    [scope],
  );
}

import { buildHref, type RouteKey } from '../../app/paths';
import { useScope } from '../../app/use-scope';

/** Builds a page's URL in the current `{code}-{examId}` scope (the route registry is the only URL builder). */
export function useAccountHref() {
  const scope = useScope();
  return (key: RouteKey, query: Record<string, string> = {}) => buildHref(key, { scope: scope.value }, query);
}

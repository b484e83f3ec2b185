import { parseScope, type Scope } from '@mindgauge/contract';
import { data } from 'react-router';

/** The validated scope of a loader's params; a bad one is the 404 page. */
export function scopeFromParams(params: Record<string, string | undefined>): Scope {
  const scope = parseScope(params.scope);
  if (!scope) throw data(null, { status: 404 });
  return scope;
}

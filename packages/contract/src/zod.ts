/**
 * The contract is written with zod/mini: the same validation core as zod, a functional API, and a browser
 * bundle about 20 KB (gzip) smaller. Server and client share these schemas; `describe` feeds OpenAPI.
 */
import * as z from 'zod/mini';

export { z };

/** A described copy of a schema (descriptions live in zod's global registry, per instance). */
export function describe<T extends z.ZodMiniType>(schema: T, description: string): T {
  const copy = schema.clone() as T;
  z.globalRegistry.add(copy, { description });
  return copy;
}

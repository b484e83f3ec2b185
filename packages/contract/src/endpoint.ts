import type { z } from 'zod';

/** Which base an endpoint is mounted on: the API alias or the separate pay base (spec, section 7). */
export type ApiBase = 'api' | 'pay';

export interface EndpointDef<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  /** Stable operation id, also used in the OpenAPI document. */
  id: string;
  method: 'GET' | 'POST';
  base: ApiBase;
  /** Fastify-style path with `:param` segments, relative to the base. */
  path: string;
  summary: string;
  tags: string[];
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of `data` inside the success wrapper. */
  response: R;
}

export function defineEndpoint<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(def: EndpointDef<P, Q, B, R>): EndpointDef<P, Q, B, R> {
  return def;
}

export type EndpointParams<E> = E extends EndpointDef<infer P> ? (P extends z.ZodType ? z.input<P> : undefined) : never;
export type EndpointQuery<E> =
  E extends EndpointDef<z.ZodType | undefined, infer Q> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
export type EndpointBody<E> =
  E extends EndpointDef<z.ZodType | undefined, z.ZodType | undefined, infer B>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type EndpointData<E> =
  E extends EndpointDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer R>
    ? z.output<R>
    : never;

/** Builds the concrete path of an endpoint: `/app/help/info/:id` + `{ id: 3 }` → `/app/help/info/3`. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

import type * as zc from 'zod/v4/core';

/** Which base an endpoint is mounted on: the API alias or the separate pay base (spec, section 7). */
export type ApiBase = 'api' | 'pay';

export interface EndpointDef<
  P extends zc.$ZodType | undefined = zc.$ZodType | undefined,
  Q extends zc.$ZodType | undefined = zc.$ZodType | undefined,
  B extends zc.$ZodType | undefined = zc.$ZodType | undefined,
  R extends zc.$ZodType = zc.$ZodType,
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
  P extends zc.$ZodType | undefined = undefined,
  Q extends zc.$ZodType | undefined = undefined,
  B extends zc.$ZodType | undefined = undefined,
  R extends zc.$ZodType = zc.$ZodType,
>(def: EndpointDef<P, Q, B, R>): EndpointDef<P, Q, B, R> {
  return def;
}

export type EndpointParams<E> =
  E extends EndpointDef<infer P> ? (P extends zc.$ZodType ? zc.input<P> : undefined) : never;
export type EndpointQuery<E> =
  E extends EndpointDef<zc.$ZodType | undefined, infer Q> ? (Q extends zc.$ZodType ? zc.input<Q> : undefined) : never;
export type EndpointBody<E> =
  E extends EndpointDef<zc.$ZodType | undefined, zc.$ZodType | undefined, infer B>
    ? B extends zc.$ZodType
      ? zc.input<B>
      : undefined
    : never;
export type EndpointData<E> =
  E extends EndpointDef<zc.$ZodType | undefined, zc.$ZodType | undefined, zc.$ZodType | undefined, infer R>
    ? zc.output<R>
    : never;

/** Builds the concrete path of an endpoint: `/app/help/info/:id` + `{ id: 3 }` → `/app/help/info/3`. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

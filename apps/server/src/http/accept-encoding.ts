/** Whether the request's Accept-Encoding allows `encoding` (`br`, `gzip`); a `q=0` refuses it. */
export function acceptsEncoding(header: string | string[] | undefined, encoding: string): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== encoding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** A compressed encoding the server sends, in its order of preference. */
export type CompressedEncoding = 'br' | 'gzip';

/**
 * The first of `offered` (most preferred first) that the request's Accept-Encoding allows, else `identity`:
 * the one negotiation of the built assets and the kept pages.
 */
export function preferredEncoding(
  header: string | string[] | undefined,
  offered: readonly CompressedEncoding[],
): CompressedEncoding | 'identity' {
  return offered.find((encoding) => acceptsEncoding(header, encoding)) ?? 'identity';
}

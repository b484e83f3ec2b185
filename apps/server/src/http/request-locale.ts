import { LANGUAGE_TAG_PATTERN, type Locale, resolveLocale, SHARED_HEADERS } from '@mindgauge/contract';
import type { FastifyRequest } from 'fastify';

/**
 * The language of a request: the `hl` query, then the shared `language` header, then Accept-Language.
 * Used for the texts in responses and error messages; endpoints with `{hl}` in the path use that instead.
 */
export function requestLocale(req: FastifyRequest): Locale {
  const query = req.query as { hl?: unknown } | undefined;
  if (typeof query?.hl === 'string' && LANGUAGE_TAG_PATTERN.test(query.hl)) return resolveLocale(query.hl);
  const header = req.headers[SHARED_HEADERS.language];
  if (typeof header === 'string' && LANGUAGE_TAG_PATTERN.test(header)) return resolveLocale(header);
  const accept = req.headers['accept-language'];
  if (typeof accept === 'string') {
    const first = accept.split(',')[0]?.split(';')[0]?.trim();
    if (first && LANGUAGE_TAG_PATTERN.test(first)) return resolveLocale(first);
  }
  return 'en';
}

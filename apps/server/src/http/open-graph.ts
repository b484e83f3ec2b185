import { type Locale, ROUTES } from '@mindgauge/contract';
import type { FastifyRequest } from 'fastify';
import { documentLocale } from './static-web';

/** The shared result's page (its scope follows), whose HTML carries Open Graph tags. */
const SHARE_PAGE = ROUTES.reportShare.paths[0].replace(':scope', '');

/**
 * The <head> tags a page needs before any script runs: a shared result's page carries its Open Graph tags
 * (crawlers run no script) in the page's own language (that of its `<html lang>`); every other page none.
 */
export function openGraphHead(shares: { headFor(id: string, locale: Locale): Promise<string> }) {
  return async (req: FastifyRequest): Promise<string> => {
    const id = (req.query as { id?: unknown }).id;
    return req.url.startsWith(SHARE_PAGE) && typeof id === 'string' && /^[A-Za-z0-9_-]{22}$/.test(id)
      ? shares.headFor(id, documentLocale(req))
      : '';
  };
}

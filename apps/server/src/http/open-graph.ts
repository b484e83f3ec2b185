import { ROUTES } from '@mindgauge/contract';
import type { FastifyRequest } from 'fastify';

/** The shared result's page (its scope follows), whose HTML carries Open Graph tags. */
const SHARE_PAGE = ROUTES.reportShare.paths[0].replace(':scope', '');

/**
 * The <head> tags a page needs before any script runs: a shared result's page carries its Open Graph tags
 * (crawlers run no script); every other page none.
 */
export function openGraphHead(shares: { headFor(id: string): Promise<string> }) {
  return async (req: FastifyRequest): Promise<string> => {
    const id = (req.query as { id?: unknown }).id;
    return req.url.startsWith(SHARE_PAGE) && typeof id === 'string' && /^[A-Za-z0-9_-]{22}$/.test(id)
      ? shares.headFor(id)
      : '';
  };
}

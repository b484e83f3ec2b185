import { endpoints, isLocale } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import { type BasePaths, mountEndpoint } from '../../http/mount-endpoint';
import { AppError } from '../../lib/app-error';
import { readerOf } from '../exam/report-access';
import type { ShareService } from './share-service';

/** Share links (the owner's) and what they show (anyone's), with the shared page's image. */
export function shareRoutes(app: FastifyInstance, bases: BasePaths, share: ShareService): void {
  mountEndpoint(app, bases, endpoints.createShare, ({ body, req }) =>
    share.create(body.orderNumber, readerOf(req, body.token), body.showScore, body.hl),
  );
  mountEndpoint(app, bases, endpoints.shareList, ({ params, query, req }) =>
    share.list(params.orderNumber, readerOf(req, query.token)),
  );
  mountEndpoint(app, bases, endpoints.revokeShare, ({ body, req }) =>
    share.revoke(body.orderNumber, readerOf(req, body.token), body.shareId),
  );
  mountEndpoint(app, bases, endpoints.sharedResult, ({ params, query, locale }) =>
    share.result(params.shareId, query.hl ?? locale),
  );
  app.get<{ Params: { shareId: string }; Querystring: { hl?: string } }>(
    `${bases.api}/exam/share/:shareId/image.png`,
    async (req, reply) => {
      if (!/^[A-Za-z0-9_-]{22}$/.test(req.params.shareId)) throw new AppError('SHARE_NOT_FOUND');
      // The page's language when its head asks for it; an unknown tag is the owner's language, not an error.
      const hl = isLocale(req.query.hl) ? req.query.hl : undefined;
      const png = await share.image(req.params.shareId, hl);
      return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(png);
    },
  );
}

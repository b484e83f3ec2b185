import { endpoints } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import { type BasePaths, mountEndpoint } from '../../http/mount-endpoint';
import { SESSION_COOKIE } from '../exam/session-cookie';
import type { ConversionsService } from './conversions-service';

export function conversionsRoutes(app: FastifyInstance, bases: BasePaths, conversions: ConversionsService): void {
  mountEndpoint(app, bases, endpoints.recordAttribution, ({ body, req }) =>
    conversions.recordAttribution(body, {
      sessionId: req.cookies[SESSION_COOKIE],
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    }),
  );
}

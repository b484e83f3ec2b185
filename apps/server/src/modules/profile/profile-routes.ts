import { endpoints } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import { type BasePaths, mountEndpoint } from '../../http/mount-endpoint';
import { SESSION_COOKIE } from '../exam/session-cookie';
import type { ProfileService } from './profile-service';

/** The "about you" form's endpoint. */
export function profileRoutes(app: FastifyInstance, bases: BasePaths, profiles: ProfileService): void {
  mountEndpoint(app, bases, endpoints.saveProfile, ({ body, req }) =>
    profiles.save(body, { sessionId: req.cookies[SESSION_COOKIE], ip: req.ip }),
  );
}

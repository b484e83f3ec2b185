import { endpoints } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { type BasePaths, mountEndpoint } from '../../http/mount-endpoint';
import type { ReportLinks } from './report-links';
import { retrieveReports } from './retrieve-reports';

/** Report retrieval by e-mail (the report's data itself is `orderInfo`, in the exam routes). */
export function reportRoutes(app: FastifyInstance, bases: BasePaths, deps: AppDeps, links: ReportLinks): void {
  mountEndpoint(app, bases, endpoints.retrieveReports, ({ body, req }) =>
    retrieveReports(
      { db: deps.db.kysely, clock: deps.clock, links, mailDomain: deps.mailDomain, kickMail: deps.mailWorker.kick },
      { email: body.email, hl: body.hl, ip: req.ip },
    ),
  );
}

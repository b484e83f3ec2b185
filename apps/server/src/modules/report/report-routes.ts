import { endpoints } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { type BasePaths, mountEndpoint } from '../../http/mount-endpoint';
import { examRepository } from '../exam/exam-repository';
import { SESSION_COOKIE } from '../exam/exam-routes';
import { answerAnalysis } from './answer-analysis';
import type { ReportLinks } from './report-links';
import { retrieveReports } from './retrieve-reports';

/** The answer analysis, and report retrieval by e-mail (the score itself is `orderInfo`, in the exam routes). */
export function reportRoutes(
  app: FastifyInstance,
  bases: BasePaths,
  deps: AppDeps,
  links: ReportLinks,
  linkSecret: string,
): void {
  const access = {
    repo: examRepository(deps.db.kysely),
    secret: linkSecret,
    clock: deps.clock,
    translator: deps.translator,
  };
  mountEndpoint(app, bases, endpoints.orderQuestions, ({ params, query, req, locale }) =>
    answerAnalysis(access, params.orderNumber, { sessionId: req.cookies[SESSION_COOKIE], token: query.token }, locale),
  );
  mountEndpoint(app, bases, endpoints.retrieveReports, ({ body, req }) =>
    retrieveReports(
      { db: deps.db.kysely, clock: deps.clock, links, mailDomain: deps.mailDomain, kickMail: deps.mailWorker.kick },
      { email: body.email, hl: body.hl, ip: req.ip },
    ),
  );
}

import { endpoints } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { type BasePaths, mountEndpoint } from '../../http/mount-endpoint';
import type { ReportLinks } from '../../lib/report-links';
import type { SecretKeys } from '../../lib/signed-token';
import type { ExamOrders } from '../exam/exam-orders';
import type { FormPool } from '../exam/form-pool';
import { readerOf } from '../exam/report-access';
import { answerAnalysis } from './answer-analysis';
import { retrieveReports } from './retrieve-reports';
import { sendReportCopy } from './send-report-copy';

/** The answer analysis, a report's link sent to one more address, and retrieval by e-mail (the score itself is `orderInfo`, in the exam routes). */
export function reportRoutes(
  app: FastifyInstance,
  bases: BasePaths,
  deps: AppDeps,
  links: ReportLinks,
  linkSecret: SecretKeys,
  /** The exam module's orders. */
  orders: ExamOrders,
  /** The exam module's form-drawing workers (the answer analysis draws the form again there). */
  forms: FormPool,
): void {
  const access = {
    repo: orders,
    secret: linkSecret,
    clock: deps.clock,
    translator: deps.translator,
  };
  mountEndpoint(app, bases, endpoints.orderQuestions, ({ params, query, req, locale }) =>
    answerAnalysis({ ...access, forms }, params.orderNumber, readerOf(req, query.token), locale),
  );
  const mail = {
    db: deps.db.kysely,
    limits: deps.limits,
    links,
    mailDomain: deps.mailDomain,
    kickMail: deps.mailWorker.kick,
  };
  mountEndpoint(app, bases, endpoints.sendReportCopy, ({ body, req }) =>
    sendReportCopy(
      { ...access, ...mail },
      { orderNumber: body.orderNumber, email: body.email, hl: body.hl, reader: readerOf(req, body.token), ip: req.ip },
    ),
  );
  mountEndpoint(app, bases, endpoints.retrieveReports, ({ body, req }) =>
    retrieveReports({ ...mail, clock: deps.clock, exams: access.repo }, { email: body.email, hl: body.hl, ip: req.ip }),
  );
}

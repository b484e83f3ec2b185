import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import type { BasePaths } from '../http/mount-endpoint';
import type { ReportLinks } from '../lib/report-links';
import type { SecretKeys } from '../lib/signed-token';
import { examOrders } from '../modules/exam/exam-orders';
import { examRepository } from '../modules/exam/exam-repository';
import type { ExamService } from '../modules/exam/exam-service';
import { labRepository } from '../modules/lab/lab-repository';
import { labRoutes } from '../modules/lab/lab-routes';
import { labService } from '../modules/lab/lab-service';
import { reportFileRoutes } from '../modules/pdf/report-file-routes';
import { reportFiles } from '../modules/pdf/report-files';
import { reportRoutes } from '../modules/report/report-routes';
import { shareRepository } from '../modules/share/share-repository';
import { shareRoutes } from '../modules/share/share-routes';
import { shareService } from '../modules/share/share-service';

/** Composes what is built on a paid report: the report itself, the lab, the PDF files, shared results. */
export async function reports(
  app: FastifyInstance,
  bases: BasePaths,
  deps: AppDeps,
  exam: ExamService,
  links: ReportLinks,
  reportLinkSecret: SecretKeys,
) {
  const { env, db, clock, translator } = deps;
  const orders = examOrders(examRepository(db.kysely));
  await app.register(async (scope) => reportRoutes(scope, bases, deps, links, reportLinkSecret, orders));
  const reportDeps = {
    db: db.kysely,
    limits: deps.limits,
    exams: orders,
    examService: exam,
    translator,
    clock,
    publicUrl: env.PUBLIC_URL,
    reportLinkSecret,
  };
  const lab = labService({ ...reportDeps, labs: labRepository(db.kysely) });
  await app.register(async (scope) => labRoutes(scope, bases, lab));
  const files = reportFiles(reportDeps, lab);
  await app.register(async (scope) => reportFileRoutes(scope, bases, files));
  const share = shareService({ ...reportDeps, apiBase: bases.api, shares: shareRepository(db.kysely) });
  await app.register(async (scope) => shareRoutes(scope, bases, share));
  return { files, share };
}

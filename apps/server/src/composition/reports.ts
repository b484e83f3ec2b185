import { fileURLToPath } from 'node:url';
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
import type { PaidTransition } from '../modules/payments/paid-transition';
import { pdfCache } from '../modules/pdf/pdf-cache';
import { pdfCacheRepository } from '../modules/pdf/pdf-cache-repository';
import { renderPool } from '../modules/pdf/render-pool';
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
  /** The paid transition: an extra bought changes what the order's PDF shows. */
  paid: PaidTransition,
) {
  const { env, db, clock, translator } = deps;
  const orders = examOrders(examRepository(db.kysely));
  await app.register(async (scope) => reportRoutes(scope, bases, deps, links, reportLinkSecret, orders, exam.forms));
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
  // PDFs are drawn on worker threads and kept (decision 0027); the workers stop with the server.
  const pool = renderPool(env.PDF_RENDER_WORKERS);
  app.addHook('onClose', () => pool.close());
  const cache = pdfCache({
    repo: pdfCacheRepository(db.kysely),
    clock,
    maxBytes: env.PDF_CACHE_MB * 1024 * 1024,
    serverSrc: fileURLToPath(new URL('..', import.meta.url)),
  });
  paid.afterCommit('extraPaid', (e) => cache.forget(e.payment.order_number));
  const files = reportFiles(reportDeps, lab, { pool, cache });
  await app.register(async (scope) => reportFileRoutes(scope, bases, files));
  const share = shareService({ ...reportDeps, apiBase: bases.api, shares: shareRepository(db.kysely) });
  await app.register(async (scope) => shareRoutes(scope, bases, share));
  return { files, share };
}

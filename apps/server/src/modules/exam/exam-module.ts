import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { BasePaths } from '../../http/mount-endpoint';
import type { ReportLinks } from '../../lib/report-links';
import type { SecretKeys } from '../../lib/signed-token';
import { createTtlCache } from '../../lib/ttl-cache';
import { drawnPartStore } from './drawn-parts';
import { panelLabels } from './exam-form';
import { examRepository } from './exam-repository';
import { examRoutes } from './exam-routes';
import { type ExamDeps, examService } from './exam-service';
import { formDrawer } from './form-drawer';
import { formPool } from './form-pool';
import { orderEmailChange } from './order-email-change';

/** The test itself (forms, answers, scoring, orders) and an order's e-mail change; registers their routes. */
export async function examModule(
  app: FastifyInstance,
  bases: BasePaths,
  deps: AppDeps,
  links: ReportLinks,
  reportLinkSecret: SecretKeys,
  /** The buyer's own memory and reaction tasks, when taken (members module). */
  measuredDimensions?: ExamDeps['measuredDimensions'],
) {
  const { env, db, clock, translator } = deps;
  // New sessions' forms, drawn ahead on worker threads (decisions 0027, 0041); the workers stop with the server.
  const forms = formPool(formDrawer(env.FORM_DRAW_WORKERS), (hl) => panelLabels(translator, hl), env.FORM_POOL_SIZE);
  app.addHook('onClose', () => forms.close());
  const repo = examRepository(db.kysely);
  const exam = examService({
    repo,
    content: deps.content,
    translator,
    clock,
    // Rendered forms: ~150 KB each, rebuilt from the seed on a miss.
    formCache: createTtlCache(clock, 30 * 60_000, 200),
    forms,
    // About 8 KB a form: more of them fit than of the 150 KB forms themselves.
    compressedFormCache: createTtlCache(clock, 30 * 60_000, 2000),
    drawnParts: drawnPartStore(repo, clock),
    statsCache: createTtlCache(clock, 5 * 60_000),
    minCountrySample: env.MIN_COUNTRY_SAMPLE,
    minReliabilitySample: env.MIN_RELIABILITY_SAMPLE,
    reportLinkSecret,
    measuredDimensions,
  });
  const emailChange = orderEmailChange({
    limits: deps.limits,
    repo,
    db: db.kysely,
    clock,
    secret: reportLinkSecret,
    links,
    mailDomain: deps.mailDomain,
    kickMail: deps.mailWorker.kick,
  });
  await app.register(async (scope) =>
    examRoutes(scope, bases, exam, emailChange, {
      secure: env.PUBLIC_URL.startsWith('https://'),
      countryHeader: env.COUNTRY_HEADER,
    }),
  );
  return exam;
}

import { endpoints, SHARED_HEADERS } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import { type BasePaths, mountEndpoint } from '../http/mount-endpoint';
import { vipStatus } from './extras/vip-status';
import { sendSupportMessage, supportTransactor } from './support/support-service';

const LOGID = /^[a-f0-9]{32}$/;

/** The app, exam-catalogue and support endpoints of section 7. Thin: validate, call a service, return. */
export function appRoutes(app: FastifyInstance, bases: BasePaths, deps: AppDeps): void {
  const { content, tracking, clock } = deps;
  const supportTx = supportTransactor(deps.db.kysely);
  const vip = vipStatus(deps.db.kysely);

  mountEndpoint(app, bases, endpoints.appView, async ({ query, req }) => {
    const headerLogid = req.headers[SHARED_HEADERS.logid];
    const uid = req.headers[SHARED_HEADERS.uid];
    await tracking.recordView(
      {
        url: query.dl,
        appVersion: query.av,
        hl: query.hl,
        uid: query.id ?? (typeof uid === 'string' ? uid.slice(0, 64) : undefined),
        examId: query.eid,
        appExamId: query.aeid,
        logid: typeof headerLogid === 'string' && LOGID.test(headerLogid) ? headerLogid : undefined,
      },
      clock.now(),
    );
    return { recorded: true };
  });

  mountEndpoint(app, bases, endpoints.generateLogid, async ({ body }) => {
    await content.requireExam(body.appExamId);
    return { logid: await tracking.generateLogid(body.appExamId, clock.now()) };
  });

  mountEndpoint(app, bases, endpoints.languageList, ({ params }) => content.languages(params.examId));
  mountEndpoint(app, bases, endpoints.protocolList, ({ params }) => content.protocols(params.examId, params.hl));
  mountEndpoint(app, bases, endpoints.privacyAndAgreement, ({ params }) =>
    content.privacyAndAgreement(params.examId, params.hl),
  );
  mountEndpoint(app, bases, endpoints.protocolInfo, ({ params, locale }) => content.protocol(params.id, locale));
  mountEndpoint(app, bases, endpoints.helpList, ({ params }) => content.helpList(params.examId, params.hl));
  mountEndpoint(app, bases, endpoints.helpInfo, ({ params, locale }) => content.helpArticle(params.id, locale));
  mountEndpoint(app, bases, endpoints.categoryList, ({ locale }) => content.categories(locale));
  mountEndpoint(app, bases, endpoints.examInfo, ({ params, locale }) => content.exam(params.id, locale));

  mountEndpoint(app, bases, endpoints.supportContact, async ({ body, req }) => {
    const result = await sendSupportMessage(
      {
        db: deps.db.kysely,
        limits: deps.limits,
        transact: supportTx,
        clock,
        supportEmail: deps.env.SUPPORT_EMAIL,
        mailDomain: deps.mailDomain,
        requireExam: content.requireExam,
        isPriority: async (email, now) => (await vip.active(email, now)) !== undefined,
      },
      { ...body, ip: req.ip },
    );
    deps.mailWorker.kick();
    return result;
  });
}

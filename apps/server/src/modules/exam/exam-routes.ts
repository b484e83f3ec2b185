import { DEFAULT_EXAM_ID, endpoints } from '@mindgauge/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type BasePaths, mountEndpoint, RawJsonData } from '../../http/mount-endpoint';
import { AppError } from '../../lib/app-error';
import { countryFrom } from '../tracking/visitor-region';
import type { ExamService } from './exam-service';
import type { OrderEmailChange } from './order-email-change';
import { readerOf } from './report-access';
import { sessionCookieOf } from './session-cookie';

export function examRoutes(
  app: FastifyInstance,
  bases: BasePaths,
  exam: ExamService,
  emailChange: OrderEmailChange,
  options: { secure: boolean; countryHeader: string },
): void {
  // The session is named only by its HttpOnly cookie (one per exam): a read finds it there, and no call takes
  // an id from a body or query string. Reading never creates a session (a crawler's GET costs no row);
  // starting is a POST.
  const cookieOf = (req: FastifyRequest, examId: number) => req.cookies[sessionCookieOf(examId)];
  const sessionOf = (req: FastifyRequest, examId: number | undefined) => {
    const id = cookieOf(req, examId ?? DEFAULT_EXAM_ID);
    if (!id) throw new AppError('SESSION_NOT_FOUND');
    return id;
  };
  mountEndpoint(app, bases, endpoints.questionList, async ({ params, req }) => {
    const { parts, compressedHead } = await exam.questionList(params.examId, params.hl, sessionOf(req, params.examId));
    return new RawJsonData(parts, { parts: 2, get: compressedHead });
  });
  mountEndpoint(app, bases, endpoints.startSession, async ({ params, body, req, reply }) => {
    const { sessionId, parts, compressedHead } = await exam.startSession(
      params.examId,
      params.hl,
      cookieOf(req, params.examId),
      body.restart === true,
      {
        country: options.countryHeader ? countryFrom(req.headers[options.countryHeader]) : null,
        landingVariant: body.variant,
      },
    );
    reply.setCookie(sessionCookieOf(params.examId), sessionId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      maxAge: 7 * 86_400,
    });
    return new RawJsonData(parts, { parts: 2, get: compressedHead });
  });
  mountEndpoint(app, bases, endpoints.saveAnswer, ({ body, req }) => {
    const { examId, ...answer } = body;
    return exam.saveAnswer(sessionOf(req, examId), answer);
  });
  mountEndpoint(app, bases, endpoints.nextPart, ({ body, req }) =>
    exam.nextPart(sessionOf(req, body.examId), body.part),
  );
  mountEndpoint(app, bases, endpoints.confirmSession, ({ body, req }) => exam.confirm(sessionOf(req, body.examId)));
  mountEndpoint(app, bases, endpoints.createExamOrder, ({ body, req }) =>
    exam.createOrder(sessionOf(req, body.examId)),
  );
  mountEndpoint(app, bases, endpoints.updateOrderEmail, ({ body, req }) =>
    emailChange.request(body, readerOf(req, body.token)),
  );
  mountEndpoint(app, bases, endpoints.confirmOrderEmail, ({ body }) => emailChange.confirm(body));
  mountEndpoint(
    app,
    bases,
    endpoints.orderInfo,
    async ({ params, query, req }) =>
      new RawJsonData([await exam.orderInfo(params.orderNumber, readerOf(req, query.token), query.hl)]),
  );
  mountEndpoint(app, bases, endpoints.personalityProfile, ({ params, query, req }) =>
    exam.personalityProfile(params.orderNumber, readerOf(req, query.token), query.hl),
  );
  mountEndpoint(app, bases, endpoints.examStats, ({ params }) => exam.stats(params.examId));
  mountEndpoint(app, bases, endpoints.personalityReliability, ({ params }) => exam.reliability(params.examId));
}

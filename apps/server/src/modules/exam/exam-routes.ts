import { endpoints } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import { type BasePaths, mountEndpoint, RawJsonData } from '../../http/mount-endpoint';
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
  mountEndpoint(app, bases, endpoints.questionList, async ({ params, query, req, reply }) => {
    const { sessionId, parts, compressedHead } = await exam.questionList(
      params.examId,
      params.hl,
      req.cookies[sessionCookieOf(params.examId)],
      query.restart === '1',
      options.countryHeader ? countryFrom(req.headers[options.countryHeader]) : null,
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
  mountEndpoint(app, bases, endpoints.saveAnswer, ({ body }) => exam.saveAnswer(body));
  mountEndpoint(app, bases, endpoints.nextPart, ({ body }) => exam.nextPart(body.sessionId, body.part));
  mountEndpoint(app, bases, endpoints.confirmSession, ({ body }) => exam.confirm(body.sessionId));
  mountEndpoint(app, bases, endpoints.createExamOrder, ({ body }) => exam.createOrder(body.sessionId));
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

import { endpoints } from '@mindgauge/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type BasePaths, mountEndpoint, RawJsonData } from '../../http/mount-endpoint';
import { AppError } from '../../lib/app-error';
import { countryFrom } from '../tracking/visitor-region';
import type { ExamService } from './exam-service';
import type { OrderEmailChange } from './order-email-change';
import { readerOf } from './report-access';
import { SESSION_COOKIE } from './session-cookie';

export function examRoutes(
  app: FastifyInstance,
  bases: BasePaths,
  exam: ExamService,
  emailChange: OrderEmailChange,
  options: { secure: boolean; countryHeader: string },
): void {
  // The session is named only by its HttpOnly cookie: a read finds it there, and no call takes an id from a
  // body or query string. Reading never creates a session (a crawler's GET costs no row); starting is a POST.
  const cookieOf = (req: FastifyRequest) => req.cookies[SESSION_COOKIE];
  const sessionOf = (req: FastifyRequest) => {
    const id = cookieOf(req);
    if (!id) throw new AppError('SESSION_NOT_FOUND');
    return id;
  };
  mountEndpoint(app, bases, endpoints.questionList, async ({ params, req }) => {
    return new RawJsonData(await exam.questionList(params.examId, params.hl, sessionOf(req)));
  });
  mountEndpoint(app, bases, endpoints.startSession, async ({ params, body, req, reply }) => {
    const { sessionId, parts } = await exam.startSession(
      params.examId,
      params.hl,
      cookieOf(req),
      body.restart === true,
      options.countryHeader ? countryFrom(req.headers[options.countryHeader]) : null,
    );
    reply.setCookie(SESSION_COOKIE, sessionId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      maxAge: 7 * 86_400,
    });
    return new RawJsonData(parts);
  });
  mountEndpoint(app, bases, endpoints.saveAnswer, ({ body, req }) => exam.saveAnswer(sessionOf(req), body));
  mountEndpoint(app, bases, endpoints.nextPart, ({ body, req }) => exam.nextPart(sessionOf(req), body.part));
  mountEndpoint(app, bases, endpoints.confirmSession, ({ req }) => exam.confirm(sessionOf(req)));
  mountEndpoint(app, bases, endpoints.createExamOrder, ({ req }) => exam.createOrder(sessionOf(req)));
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
  mountEndpoint(app, bases, endpoints.examStats, ({ params }) => exam.stats(params.examId));
}

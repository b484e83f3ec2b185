import { ERRORS, type ErrorCode, errorMessageKey, isErrorCode, type TApiError } from '@mindgauge/contract';
import { PsychometricsInputError } from '@mindgauge/psychometrics';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Translator } from '../i18n/translator';
import { AppError } from '../lib/app-error';
import { redactUrl } from './redact-url';
import { requestLocale } from './request-locale';

interface Issue {
  path: string;
  message: string;
}

const STATUS_TO_CODE: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const FASTIFY_CODE_TO_CODE: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_JSON',
};

/** Zod issues from a validation error; an issue may name a more specific error code (e.g. language). */
function validationDetails(error: FastifyError): { code: ErrorCode; issues: Issue[] } {
  let code: ErrorCode = 'VALIDATION_FAILED';
  const issues: Issue[] = [];
  const context = (error as { validationContext?: string }).validationContext ?? '';
  for (const v of error.validation ?? []) {
    // The zod type provider copies each issue's extra fields, including a refine's `params`, into `params`.
    const raw = v as unknown as {
      instancePath?: string;
      message?: string;
      params?: { params?: { errorCode?: unknown } };
    };
    const specific = raw.params?.params?.errorCode;
    if (isErrorCode(specific)) code = specific;
    const where = (raw.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    issues.push({ path: [context, where].filter(Boolean).join('.'), message: raw.message ?? 'invalid' });
  }
  return { code, issues: issues.slice(0, 20) };
}

export function sendError(
  reply: FastifyReply,
  req: FastifyRequest,
  translator: Translator,
  code: ErrorCode,
  issues?: Issue[],
  status: number = ERRORS[code].status,
) {
  const body: TApiError = {
    result: ERRORS[code].result,
    code,
    message: translator.t(requestLocale(req), errorMessageKey(code)),
    ...(issues?.length ? { issues } : {}),
  };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * The central error handler: every failure leaves as the wrapper with a stable code and a message in the
 * request's language. 4xx say what was wrong; 5xx are logged with context and say nothing more.
 */
export function installErrorHandler(app: FastifyInstance, translator: Translator): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) {
      return sendError(reply, req, translator, error.code, error.details?.issues);
    }
    // The engine refuses malformed answers (an unknown, missing or repeated item, a value out of range).
    if ((error as unknown) instanceof PsychometricsInputError) {
      return sendError(reply, req, translator, 'VALIDATION_FAILED');
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const { code, issues } = validationDetails(error);
      return sendError(reply, req, translator, code, issues);
    }
    const status = error.statusCode ?? 500;
    // Static files answer 403 for directories; to a visitor that is simply not a page.
    if (status === 403) return sendError(reply, req, translator, 'NOT_FOUND');
    if (status >= 400 && status < 500) {
      const code = (error.code && FASTIFY_CODE_TO_CODE[error.code]) || STATUS_TO_CODE[status] || 'VALIDATION_FAILED';
      return sendError(reply, req, translator, code, undefined, status);
    }
    req.log.error({ err: error, url: redactUrl(req.url), method: req.method }, 'request failed');
    return sendError(reply, req, translator, status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL');
  });
}

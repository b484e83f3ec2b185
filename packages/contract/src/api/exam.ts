import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZEmail, ZIsoDateTime, ZLanguageTag, ZLocale } from '../fields';
import { ZExamIdParam } from '../scope';

const tags = ['exam'];

/** Public identifiers: 128 random bits, base64url (22 characters). */
export const ZPublicId = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'invalid identifier');
export const ZSessionId = ZPublicId.describe('Test session id');
export const ZOrderNumber = z
  .string()
  .regex(/^MG[A-Za-z0-9_-]{22}$/, 'invalid order number')
  .describe('Order number: MG + 128 random bits');

export const ZSessionStatus = z.enum(['active', 'confirmed', 'scored', 'abnormal']);
export type TSessionStatus = z.infer<typeof ZSessionStatus>;

export const ZPublicQuestion = z.object({
  id: z.string(),
  index: z.number().int().describe('0-based position in the form'),
  part: z.number().int().describe('1, 2 or 3'),
  context: z.array(z.string()).length(8).describe('Eight SVG documents, the ninth cell is missing'),
  options: z.array(z.string()).length(6).describe('Six SVG documents, each with its accessible name'),
});
export type TPublicQuestion = z.infer<typeof ZPublicQuestion>;

export const ZSavedAnswer = z.object({ itemId: z.string(), choice: z.number().int().min(0).max(5).nullable() });

export const ZQuestionList = z.object({
  sessionId: ZSessionId,
  examId: z.number().int(),
  status: ZSessionStatus,
  startedAt: ZIsoDateTime,
  deadline: ZIsoDateTime.describe('The timer is this server deadline, not a client counter'),
  serverNow: ZIsoDateTime,
  questions: z.array(ZPublicQuestion),
  answers: z.array(ZSavedAnswer),
  orderNumber: ZOrderNumber.nullable(),
});
export type TQuestionList = z.infer<typeof ZQuestionList>;

export const questionList = defineEndpoint({
  id: 'questionList',
  method: 'GET',
  base: 'api',
  path: '/exam/question/list/:examId/:hl',
  summary: "The visitor's test session: its form (drawings only, never the key), saved answers and deadline",
  tags,
  params: z.object({ examId: ZExamIdParam, hl: ZLanguageTag }),
  query: z.object({ restart: z.enum(['1']).optional().describe('Start a new session (redo the test)') }),
  response: ZQuestionList,
});

export const ZAnswerInput = z.object({
  sessionId: ZSessionId,
  itemId: z.string().min(1).max(64),
  choice: z.number().int().min(0).max(5).nullable(),
  timeMs: z
    .number()
    .int()
    .min(0)
    .max(24 * 3_600_000)
    .describe('Time on the item, summed over visits'),
  firstChoiceMs: z
    .number()
    .int()
    .min(0)
    .max(24 * 3_600_000)
    .nullable(),
  changes: z.number().int().min(0).max(1000),
  focusLosses: z.number().int().min(0).max(1000),
});
export type TAnswerInput = z.input<typeof ZAnswerInput>;

export const saveAnswer = defineEndpoint({
  id: 'saveAnswer',
  method: 'POST',
  base: 'api',
  path: '/exam/session/answer',
  summary: 'Save one answer as it is given (idempotent: the latest state of the item wins)',
  tags,
  body: ZAnswerInput,
  response: z.object({ answered: z.number().int() }),
});

export const confirmSession = defineEndpoint({
  id: 'confirmSession',
  method: 'POST',
  base: 'api',
  path: '/exam/session/confirm',
  summary: 'Final confirmation: the answers are locked',
  tags,
  body: z.object({ sessionId: ZSessionId }),
  response: z.object({ status: ZSessionStatus, answered: z.number().int() }),
});

export const ZOrderStatus = z.enum(['pending_payment', 'paid', 'refunded']);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

export const ZCreateOrderResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('order'), orderNumber: ZOrderNumber, status: ZOrderStatus }),
  z.object({ outcome: z.literal('abnormal'), messageKey: z.string() }),
]);
export type TCreateOrderResult = z.infer<typeof ZCreateOrderResult>;

export const createExamOrder = defineEndpoint({
  id: 'createExamOrder',
  method: 'POST',
  base: 'api',
  path: '/exam/order/info',
  summary: 'Score a confirmed session (validity screens first) and create its order; repeatable, one order per session',
  tags,
  body: z.object({ sessionId: ZSessionId }),
  response: ZCreateOrderResult,
});

export const updateOrderEmail = defineEndpoint({
  id: 'updateOrderEmail',
  method: 'POST',
  base: 'api',
  path: '/exam/order/update/email',
  summary: 'Attach the e-mail that receives the report, with the consent given',
  tags,
  body: z.object({
    orderNumber: ZOrderNumber,
    email: ZEmail,
    consent: z.object({
      terms: z.literal(true, { message: 'Please agree to the privacy policy' }),
      termsVersion: z.string().max(20),
      privacyVersion: z.string().max(20),
    }),
    hl: ZLanguageTag,
  }),
  response: z.object({ orderNumber: ZOrderNumber, email: z.string() }),
});

export const ZOrderInfo = z.object({
  orderNumber: ZOrderNumber,
  examId: z.number().int(),
  status: ZOrderStatus,
  createdAt: ZIsoDateTime,
  locale: ZLocale,
  hasEmail: z.boolean(),
  answered: z.number().int(),
  questionCount: z.number().int(),
  /** Filled only for paid orders, at the tier bought (checkout and report issues). */
  result: z.null(),
});
export type TOrderInfo = z.infer<typeof ZOrderInfo>;

export const orderInfo = defineEndpoint({
  id: 'orderInfo',
  method: 'GET',
  base: 'api',
  path: '/exam/order/info/:orderNumber',
  summary: "An order's status; no score until it is paid",
  tags,
  params: z.object({ orderNumber: ZOrderNumber }),
  response: ZOrderInfo,
});

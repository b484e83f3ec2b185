import { defineEndpoint } from '../endpoint';
import { ZEmail, ZLanguageTag } from '../fields';
import { describe, z } from '../zod';
import { ZOrderNumber, ZReportToken } from './exam';

const tags = ['report'];

export const retrieveReports = defineEndpoint({
  id: 'retrieveReports',
  method: 'POST',
  base: 'pay',
  path: '/exam/order/report/retrieve',
  summary:
    'E-mails links to every paid report of an address and to every result of it pending payment (rate limited per address and per client); none: code 10101',
  tags,
  body: z.object({ email: ZEmail, hl: ZLanguageTag }),
  response: z.object({
    sent: z.literal(true),
    count: describe(z.int(), 'Paid reports listed'),
    pending: describe(z.int(), 'Results pending payment listed, each with a link to pay'),
  }),
});

export const ZAnalysisItem = z.object({
  index: describe(z.int(), '0-based position in the test'),
  part: z.int(),
  correct: z.boolean(),
  choice: describe(z.nullable(z.int()), "The visitor's answer (0..5), null when unanswered"),
  answerIndex: describe(z.int(), 'The correct option (0..5)'),
  context: describe(z.array(z.string()).check(z.length(8)), 'The eight panels, drawn again'),
  options: describe(z.array(z.string()).check(z.length(6)), 'The six options, drawn again'),
  explanations: describe(z.array(z.string()), 'The rules behind the answer, one sentence each, in the language asked'),
});
export type TAnalysisItem = z.infer<typeof ZAnalysisItem>;

export const orderQuestions = defineEndpoint({
  id: 'orderQuestions',
  method: 'GET',
  base: 'api',
  path: '/exam/order/questions/:orderNumber',
  summary:
    "The answer analysis of a paid order whose tier includes it: every question drawn again, the correct answer, the visitor's answer and the rules",
  tags,
  params: z.object({ orderNumber: ZOrderNumber }),
  query: z.object({
    hl: describe(z.optional(ZLanguageTag), 'The language of the explanations (else the request’s language)'),
    token: ZReportToken,
  }),
  response: z.object({ orderNumber: ZOrderNumber, correct: z.int(), total: z.int(), items: z.array(ZAnalysisItem) }),
});

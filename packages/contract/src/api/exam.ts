import { defineEndpoint } from '../endpoint';
import { ZEmail, ZIsoDateTime, ZLanguageTag, ZLocale } from '../fields';
import { parseOrderNumber } from '../readable-code';
import { ZExamIdParam } from '../scope';
import { describe, z } from '../zod';
import { ZExamKind } from './app';
import { ZPersonalityResult, ZPublicStatement } from './personality';

const tags = ['exam'];

/** Public identifiers: 128 random bits, base64url (22 characters). */
export const ZPublicId = z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/, 'invalid identifier'));
/**
 * An order number, read the way people type it (case, hyphens, I/L for 1 and O for 0 do not matter) and
 * turned into its one stored form; older numbers (MG + 22 base64url characters) stay valid as they are.
 */
export const ZOrderNumber = describe(
  z.pipe(
    z.string().check(
      z.maxLength(60),
      z.refine((v) => parseOrderNumber(v) !== null, 'invalid order number'),
    ),
    z.transform((v: string) => parseOrderNumber(v) ?? v),
  ),
  'Order number: MG + 135 random bits in Crockford base 32 with a check character (MG-XXXX-…-XXXX), or an older MG + 22 base64url characters',
);

/** Where a report may be read from besides the test's browser (its cookie): an e-mailed link's token. */
export const ZReportToken = describe(z.optional(z.string().check(z.maxLength(200))), "An e-mailed report link's token");
/** The query of a read about a paid order: its link's token (else the test's cookie) and the language. */
export const ZReportQuery = z.object({ token: ZReportToken, hl: z.optional(ZLanguageTag) });

export const ZSessionStatus = z.enum(['active', 'confirmed', 'scored', 'abnormal']);
export type TSessionStatus = z.infer<typeof ZSessionStatus>;

export const ZPublicQuestion = z.object({
  id: z.string(),
  index: describe(z.int(), '0-based position in the form'),
  part: describe(z.int(), '1, 2 or 3'),
  context: describe(z.array(z.string()).check(z.length(8)), 'Eight SVG documents, the ninth cell is missing'),
  options: describe(z.array(z.string()).check(z.length(6)), 'Six SVG documents, each with its accessible name'),
});
export type TPublicQuestion = z.infer<typeof ZPublicQuestion>;

export const ZSavedAnswer = z.object({
  itemId: z.string(),
  choice: z.nullable(z.int().check(z.minimum(0), z.maximum(5))),
});

/**
 * The test session itself is named only by the HttpOnly cookie it rides in (never in JSON, bodies or query
 * strings), so no script on the page and no forwarded URL can carry it away.
 */
export const ZQuestionList = z.object({
  examId: z.int(),
  kind: describe(ZExamKind, 'iq: `questions` are matrix puzzles; personality: `statements` on an agreement scale'),
  status: ZSessionStatus,
  startedAt: ZIsoDateTime,
  deadline: describe(ZIsoDateTime, 'The timer is this server deadline, not a client counter'),
  serverNow: ZIsoDateTime,
  questions: describe(
    z.array(ZPublicQuestion),
    'The parts given so far: a routed test gives part 2 after part 1 is finished, part 3 after part 2',
  ),
  statements: describe(
    z.array(ZPublicStatement),
    'The personality questionnaire (empty for the IQ test); an answer is its agreement, choice 0..4',
  ),
  part: describe(z.int(), 'The part being answered (1..partCount); the answers of earlier parts are final'),
  partCount: z.int(),
  questionCount: describe(z.int(), 'Questions in the whole test, all parts'),
  answers: z.array(ZSavedAnswer),
  orderNumber: z.nullable(ZOrderNumber),
});
export type TQuestionList = z.infer<typeof ZQuestionList>;

export const questionList = defineEndpoint({
  id: 'questionList',
  method: 'GET',
  base: 'api',
  path: '/exam/question/list/:examId/:hl',
  summary:
    "The visitor's test session, found by its cookie: its form (drawings only, never the key), saved answers and deadline. Reading never creates a session: without one, 404 SESSION_NOT_FOUND (start it with startSession)",
  tags,
  params: z.object({ examId: ZExamIdParam, hl: ZLanguageTag }),
  response: ZQuestionList,
});

export const startSession = defineEndpoint({
  id: 'startSession',
  method: 'POST',
  base: 'api',
  path: '/exam/session/start/:examId/:hl',
  summary:
    "Starts the test (the clock starts with it) and sets the session's HttpOnly cookie; the session in the cookie is resumed instead unless `restart` is set",
  tags,
  params: z.object({ examId: ZExamIdParam, hl: ZLanguageTag }),
  body: z.object({
    restart: describe(z.optional(z.boolean()), 'Start a new session (redo the test)'),
    variant: describe(
      z.optional(z.string().check(z.maxLength(40))),
      'The landing variant that started the visit, kept on a new session for the funnel; one not in the registry counts as none',
    ),
  }),
  response: ZQuestionList,
});

/**
 * Which test's session a call is about: each exam keeps its own session cookie (the IQ test's when absent), so
 * the personality questionnaire never touches the IQ test's session. Not an identifier of the session itself.
 */
export const ZSessionExam = describe(
  z.optional(z.int().check(z.positive(), z.maximum(2_147_483_647))),
  "The exam whose session cookie is meant (the IQ test's when absent)",
);

export const ZAnswerInput = z.object({
  examId: ZSessionExam,
  itemId: z.string().check(z.minLength(1), z.maxLength(64)),
  choice: z.nullable(z.int().check(z.minimum(0), z.maximum(5))),
  timeMs: describe(z.int().check(z.minimum(0), z.maximum(24 * 3_600_000)), 'Time on the item, summed over visits'),
  firstChoiceMs: z.nullable(z.int().check(z.minimum(0), z.maximum(24 * 3_600_000))),
  changes: z.int().check(z.minimum(0), z.maximum(1000)),
  focusLosses: z.int().check(z.minimum(0), z.maximum(1000)),
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
  response: z.object({ answered: z.int() }),
});

export const confirmSession = defineEndpoint({
  id: 'confirmSession',
  method: 'POST',
  base: 'api',
  path: '/exam/session/confirm',
  summary: 'Final confirmation: the answers are locked',
  tags,
  body: z.object({ examId: ZSessionExam }),
  response: z.object({ status: ZSessionStatus, answered: z.int() }),
});

export const nextPart = defineEndpoint({
  id: 'nextPart',
  method: 'POST',
  base: 'api',
  path: '/exam/session/part/next',
  summary:
    "Finish a part and start the next: the finished part's answers become final and the next part is chosen from them (repeatable: a part already finished answers with the part in progress)",
  tags,
  body: z.object({
    examId: ZSessionExam,
    part: describe(z.int().check(z.minimum(1), z.maximum(2)), 'The part being finished'),
  }),
  response: z.object({ part: describe(z.int(), 'The part now in progress') }),
});

export const ZOrderStatus = z.enum(['pending_payment', 'paid', 'refunded']);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

/**
 * The free, true headline shown after the e-mail step (product stance): the class band and how many puzzles
 * were right. No IQ number, range, percentile or dimension: those are what the paid report adds.
 */
export const ZFreeHeadline = z.object({
  classId: describe(z.string(), "The IQ class's id (its name and band come from the exam's `classes`)"),
  correct: z.int(),
  total: z.int(),
});
export type TFreeHeadline = z.infer<typeof ZFreeHeadline>;

export const ZCreateOrderResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('order'), orderNumber: ZOrderNumber, status: ZOrderStatus, headline: ZFreeHeadline }),
  z.object({
    outcome: z.literal('type'),
    orderNumber: ZOrderNumber,
    status: ZOrderStatus,
    personality: describe(ZPersonalityResult, 'The free personality result'),
  }),
  z.object({
    outcome: z.literal('answer-again'),
    reasons: describe(
      z.array(z.string()),
      "How the sheet was answered (all alike, agreeing with everything), in the test's language: no type is given",
    ),
  }),
  z.object({
    outcome: z.literal('abnormal'),
    messageKey: z.string(),
    behaviours: describe(
      z.array(z.string()),
      "What was seen (answers faster than the puzzles can be read, the same position again and again, …), in the test's language",
    ),
  }),
]);
export type TCreateOrderResult = z.infer<typeof ZCreateOrderResult>;

export const createExamOrder = defineEndpoint({
  id: 'createExamOrder',
  method: 'POST',
  base: 'api',
  path: '/exam/order/info',
  summary: 'Score a confirmed session (validity screens first) and create its order; repeatable, one order per session',
  tags,
  body: z.object({ examId: ZSessionExam }),
  response: ZCreateOrderResult,
});

export const updateOrderEmail = defineEndpoint({
  id: 'updateOrderEmail',
  method: 'POST',
  base: 'api',
  path: '/exam/order/update/email',
  summary:
    "Attach the e-mail that receives the report, with the consent given: for the order's owner only (the test's browser or an e-mailed link's token). Once paid, a change is confirmed from the old address first",
  tags,
  body: z.object({
    orderNumber: ZOrderNumber,
    email: ZEmail,
    consent: z.object({
      terms: z.literal(true, { message: 'Please agree to the privacy policy' }),
      termsVersion: z.string().check(z.maxLength(20)),
      privacyVersion: z.string().check(z.maxLength(20)),
    }),
    hl: ZLanguageTag,
    token: ZReportToken,
  }),
  response: z.object({
    orderNumber: ZOrderNumber,
    email: describe(z.string(), 'The address the order has now (the old one while a change awaits confirmation)'),
    confirmationSent: describe(
      z.boolean(),
      'A paid order: the change applies only once the link e-mailed to the old address is followed',
    ),
  }),
});

export const confirmOrderEmail = defineEndpoint({
  id: 'confirmOrderEmail',
  method: 'POST',
  base: 'api',
  path: '/exam/order/update/email/confirm',
  summary: "Applies a paid order's e-mail change, from the signed link sent to its old address",
  tags,
  body: z.object({
    orderNumber: ZOrderNumber,
    email: ZEmail,
    confirm: describe(z.string().check(z.maxLength(200)), "The confirmation link's token"),
  }),
  response: z.object({ orderNumber: ZOrderNumber, email: z.string() }),
});

export const ZDimensionResult = z.object({
  id: z.enum(['memory', 'speed', 'reaction', 'concentration', 'logic']),
  name: z.string(),
  description: z.string(),
  score: describe(z.int(), 'T-score: reference mean 50, SD 10'),
  level: describe(z.int().check(z.minimum(1), z.maximum(5)), '1 very low … 5 very high'),
  levelName: z.string(),
  referenceLow: describe(z.int(), 'The middle 68% of the reference population'),
  referenceHigh: z.int(),
  source: describe(z.string(), 'What data the score was measured from'),
  provisional: z.boolean(),
});
export type TDimensionResult = z.infer<typeof ZDimensionResult>;

/** The score part of a paid order's report (the full report screens extend it). */
export const ZReportSummary = z.object({
  skuId: z.string(),
  entitlements: describe(z.array(z.string()), 'What the tier bought unlocks'),
  scoringVersion: describe(z.int(), 'The scoring rules the result was computed under (1: before routing, 2: routed)'),
  outcome: describe(
    z.enum(['scored', 'below-range']),
    "below-range: answers at chance level at a normal pace; no number, only 'under IQ {bound}' and its class",
  ),
  iq: describe(z.nullable(z.int()), 'The IQ shown (null when below the range)'),
  rangeLow: describe(z.nullable(z.int()), '95% range from the measured standard error'),
  rangeHigh: z.nullable(z.int()),
  percentile: describe(z.nullable(z.number()), 'Share of the population scoring lower, 0..100'),
  bound: describe(z.nullable(z.int()), 'Below the range: the IQ the result is under'),
  belowRangeText: describe(z.nullable(z.string()), "Below the range: the outcome's sentence, translated"),
  classId: describe(z.string(), 'The class of the number shown (below the range: the class just under the bound)'),
  className: z.string(),
  correct: z.int(),
  answered: z.int(),
  provisionalNorms: z.boolean(),
  normNote: z.string(),
  ranking: z.object({
    country: describe(z.nullable(z.string()), 'Where the test was taken from (a trusted proxy header), if known'),
    countryN: describe(z.int(), 'Scored tests from that country on this platform'),
    minSample: describe(z.int(), 'The country comparison is shown only from this many'),
    countryPercentBelow: describe(
      z.nullable(z.number()),
      'Share of the others shown a lower IQ (a result below the range counts as lower); null below the minimum',
    ),
    topCountries: z.array(z.object({ country: z.string(), n: z.int(), meanIq: z.int() })),
  }),
  /** The five dimensions, when the tier bought includes them (else null). */
  dimensions: z.nullable(z.array(ZDimensionResult)),
});
export type TReportSummary = z.infer<typeof ZReportSummary>;

export const ZOrderInfo = z.object({
  orderNumber: ZOrderNumber,
  examId: z.int(),
  status: ZOrderStatus,
  createdAt: ZIsoDateTime,
  locale: ZLocale,
  hasEmail: z.boolean(),
  answered: z.int(),
  questionCount: z.int(),
  /** The report's score part, at the tier bought. */
  result: ZReportSummary,
  /** The certificate, once issued (its name is asked once, on the download screen). */
  certificate: describe(
    z.nullable(z.object({ serial: z.nullable(z.string()), name: z.nullable(z.string()) })),
    'The certificate: its serial once first issued, and its name once given (on the form screen or the files page)',
  ),
  about: describe(
    z.object({
      title: z.string(),
      parts: z.array(z.object({ id: z.string(), title: z.string(), text: z.string() })),
    }),
    "The report's about the test (estimator, precision and reliability, routing, norms, checks, limits, data): the same texts as the PDF's about pages, in the report's language",
  ),
});
export type TOrderInfo = z.infer<typeof ZOrderInfo>;

export const orderInfo = defineEndpoint({
  id: 'orderInfo',
  method: 'GET',
  base: 'api',
  path: '/exam/order/info/:orderNumber',
  summary:
    "A paid order's report, at the tier bought: for the browser that took the test (its session cookie) or with an e-mailed link's token. Unpaid: 402; wrong or expired token: 403",
  tags,
  params: z.object({ orderNumber: ZOrderNumber }),
  query: z.object({
    token: ZReportToken,
    hl: describe(
      z.optional(ZLanguageTag),
      "The language of the report's texts (class, dimensions, interpretations); the order's language when absent",
    ),
  }),
  response: ZOrderInfo,
});

export const ZExamStats = z.object({
  tested: describe(z.int(), 'Scored sessions of this exam on this platform'),
  last7Days: z.int(),
  minSample: describe(z.int(), 'A country is listed only from this many test takers'),
  countries: describe(
    z.array(z.object({ country: z.string(), n: z.int(), meanIq: z.int() })),
    'Per country: n people given a number and their mean IQ (the same people: a result below the range has no number, so it is counted in `tested` only)',
  ),
  asOf: ZIsoDateTime,
});
export type TExamStats = z.infer<typeof ZExamStats>;

export const examStats = defineEndpoint({
  id: 'examStats',
  method: 'GET',
  base: 'api',
  path: '/exam/stats/:examId',
  summary: "The platform's own numbers for an exam: test takers, and mean IQ by country from a minimum sample",
  tags,
  params: z.object({ examId: ZExamIdParam }),
  response: ZExamStats,
});

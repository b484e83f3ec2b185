import { defineEndpoint } from '../endpoint';
import { ZIsoDateTime, ZLanguageTag } from '../fields';
import { describe, z } from '../zod';
import { ZOrderNumber, ZReportQuery, ZReportToken } from './exam';

const tags = ['report'];

/** The psychology lab's questionnaires: thinking style ("left/right brain") and emotional intelligence. */
export const LAB_TEST_IDS = ['brain', 'eq'] as const;
export const ZLabTestId = z.enum(LAB_TEST_IDS);
export type TLabTestId = z.infer<typeof ZLabTestId>;

export const ZLabResult = z.object({
  testId: ZLabTestId,
  takenAt: ZIsoDateTime,
  /** False when the answers were given all alike or agreed with everything: no profile then. */
  valid: z.boolean(),
  /** brain: analytic | balanced | holistic; eq: level1..level5; null when not valid. */
  profile: z.nullable(z.string()),
  /** brain: holistic minus analytic, -100..100; eq: 0..100 overall; null when not valid. */
  overall: z.nullable(z.int()),
  scales: z.array(
    z.object({
      scale: z.string(),
      /** Where the answers lie on the scale's own range, 0..100 (not a percentile: there are no norms). */
      percent: z.int(),
      level: z.int(),
    }),
  ),
});
export type TLabResult = z.infer<typeof ZLabResult>;

export const ZLabTest = z.object({
  testId: ZLabTestId,
  /** Statement ids in the order they are asked; their texts are lab:{testId}.item.{id}. */
  items: z.array(z.string()),
  minutes: z.int(),
  result: z.nullable(ZLabResult),
});
export type TLabTest = z.infer<typeof ZLabTest>;

export const labList = defineEndpoint({
  id: 'labList',
  method: 'GET',
  base: 'api',
  path: '/exam/order/free/list/:orderNumber',
  summary:
    "A paid order's psychology lab: its questionnaires and the latest result of each; `included` is false when the tier bought does not include them",
  tags,
  params: z.object({ orderNumber: ZOrderNumber }),
  query: ZReportQuery,
  response: z.object({ orderNumber: ZOrderNumber, included: z.boolean(), tests: z.array(ZLabTest) }),
});

export const labSubmit = defineEndpoint({
  id: 'labSubmit',
  method: 'POST',
  base: 'api',
  path: '/exam/order/info/free',
  summary:
    'Scores a lab questionnaire for a paid order whose tier includes it (one answer 1..5 per statement) and keeps the result; a retake replaces it',
  tags,
  body: z.object({
    orderNumber: ZOrderNumber,
    token: ZReportToken,
    testId: ZLabTestId,
    answers: describe(
      z
        .array(
          z.object({
            itemId: z.string().check(z.maxLength(8)),
            value: z.int().check(z.minimum(1), z.maximum(5)),
          }),
        )
        .check(z.maxLength(40)),
      'One answer per statement: 1 strongly disagree .. 5 strongly agree',
    ),
    hl: z.optional(ZLanguageTag),
  }),
  response: ZLabResult,
});

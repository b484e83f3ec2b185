import { defineEndpoint } from '../endpoint';
import { ZExamIdParam } from '../scope';
import { describe, z } from '../zod';

/** One statement of the personality questionnaire, its text in the language asked for. */
export const ZPublicStatement = z.object({
  id: z.string(),
  index: describe(z.int(), '0-based position in the questionnaire'),
  text: z.string(),
});
export type TPublicStatement = z.infer<typeof ZPublicStatement>;

/** The agreement scale: a statement's `choice` is 0 (strongly disagree) .. 4 (strongly agree). */
export const LIKERT_CHOICES = 5;

export const ZPersonalityAxisId = z.enum(['EI', 'SN', 'TF', 'JP']);
export type TPersonalityAxisId = z.infer<typeof ZPersonalityAxisId>;

export const ZPersonalityAxis = z.object({
  axis: ZPersonalityAxisId,
  letter: describe(z.string().check(z.length(1)), 'The pole the answers lean to (ties go to the second)'),
  firstPolePercent: describe(z.int(), 'Share toward the first pole (E, S, T, J), 0..100; 50 is the cut'),
  marginPercent: describe(z.int(), '95% half-width around firstPolePercent, in percentage points'),
  borderline: describe(z.boolean(), 'Near the cut: the letter could come out the other way on a retake'),
});
export type TPersonalityAxis = z.infer<typeof ZPersonalityAxis>;

/** The free personality result: the four letters and each axis as a continuous share with its margin. */
export const ZPersonalityResult = z.object({
  type: z.string().check(z.regex(/^[EI][SN][TF][JP]$/, 'invalid type')),
  axes: z.array(ZPersonalityAxis).check(z.length(4)),
});
export type TPersonalityResult = z.infer<typeof ZPersonalityResult>;

export const ZAxisReliability = z.object({
  axis: ZPersonalityAxisId,
  alpha: describe(z.nullable(z.number()), "Cronbach's alpha from the stored answer sheets; null until enough"),
});

export const ZPersonalityReliability = z.object({
  sampleSize: describe(z.int(), 'Scored answer sheets the figures are computed from'),
  minSample: z.int(),
  axes: z.array(ZAxisReliability),
  medianSeconds: describe(
    z.nullable(z.int()),
    'How long the scored sheets took, start to confirmation (median); null below the minimum sample',
  ),
  asOf: z.string(),
});
export type TPersonalityReliability = z.infer<typeof ZPersonalityReliability>;

export const personalityReliability = defineEndpoint({
  id: 'personalityReliability',
  method: 'GET',
  base: 'api',
  path: '/exam/reliability/:examId',
  summary:
    "Each axis' internal consistency (Cronbach's alpha) and the median time taken, from the scored answer sheets, once there are at least `minSample` of them",
  tags: ['exam'],
  params: z.object({ examId: ZExamIdParam }),
  response: ZPersonalityReliability,
});

import { defineEndpoint } from '../endpoint';
import { ZIsoDateTime } from '../fields';
import { describe, z } from '../zod';

const tags = ['members'];

/** The three free tests of a signed-in member. */
export const MEMBER_TASKS = ['practice', 'memory', 'reaction'] as const;
export const ZMemberTask = z.enum(MEMBER_TASKS);
export type TMemberTask = z.infer<typeof ZMemberTask>;

/** Corsi task: blocks on a 3 × 3 grid, two sequences per length from 2 up to 9 (decision 0031). */
export const CORSI_RULES = { blocks: 9, startLength: 2, maxLength: 9, perLength: 2 } as const;
/** Reaction time: at least 20 trials per run (the engine sets aside anticipations and lapses). */
export const REACTION_RULES = { minTrials: 20, maxTrials: 60, anticipationMs: 150, lapseMs: 1500 } as const;
export const TRAINING_LEVEL_RANGE = { min: 1, max: 5 } as const;

export const ZAttemptId = describe(
  z.string().check(z.regex(/^[A-Za-z0-9_-]{22,64}$/)),
  'An attempt of a task, issued by its start call',
);
const ZChoice = describe(z.int().check(z.minimum(0), z.maximum(5)), 'The chosen option, 0..5');
const ZLevel = z.int().check(z.minimum(TRAINING_LEVEL_RANGE.min), z.maximum(TRAINING_LEVEL_RANGE.max));

/** A puzzle as shown: eight panels and six options (SVG), never its answer. */
export const ZMemberPuzzle = z.object({
  index: z.int(),
  context: z.array(z.string()).check(z.length(8)),
  options: z.array(z.string()).check(z.length(6)),
});
export type TMemberPuzzle = z.infer<typeof ZMemberPuzzle>;

/** The check of one answer: given only after the answer, with the rules that make the right option right. */
export const ZAnswerCheck = z.object({
  index: z.int(),
  choice: z.int(),
  correct: z.boolean(),
  answerIndex: z.int(),
  explanations: z.array(z.string()),
});
export type TAnswerCheck = z.infer<typeof ZAnswerCheck>;

export const ZPracticeResult = z.object({ task: z.literal('practice'), correct: z.int(), total: z.int() });
export const ZMemoryResult = z.object({
  task: z.literal('memory'),
  span: z.int(),
  trials: z.int(),
  complete: z.boolean(),
});
export const ZReactionResult = z.object({
  task: z.literal('reaction'),
  mode: z.enum(['simple', 'choice']),
  trials: z.int(),
  kept: z.int(),
  anticipations: z.int(),
  lapses: z.int(),
  errors: z.int(),
  medianMs: z.nullable(z.number()),
  spreadMs: z.nullable(z.number()),
});
export const ZMemberResult = z.object({
  takenAt: ZIsoDateTime,
  result: z.discriminatedUnion('task', [ZPracticeResult, ZMemoryResult, ZReactionResult]),
});
export type TMemberResult = z.infer<typeof ZMemberResult>;

/** Training access: a running subscription or VIP; a cancelled subscription until its paid period ends. */
export const ZTrainingAccess = z.object({
  open: z.boolean(),
  via: z.nullable(z.enum(['subscription', 'vip'])),
  /** When access ends unless renewed (a cancelled plan's period end, the VIP end); null while a plan renews. */
  until: z.nullable(ZIsoDateTime),
});
export type TTrainingAccess = z.infer<typeof ZTrainingAccess>;

export const membersOverview = defineEndpoint({
  id: 'membersOverview',
  method: 'GET',
  base: 'api',
  path: '/members/overview',
  summary: "The signed-in member's free tests with every result kept (newest first) and their training access",
  tags,
  response: z.object({
    results: z.object({
      practice: z.array(ZMemberResult),
      memory: z.array(ZMemberResult),
      reaction: z.array(ZMemberResult),
    }),
    training: ZTrainingAccess,
  }),
});

export const practiceStart = defineEndpoint({
  id: 'practiceStart',
  method: 'POST',
  base: 'api',
  path: '/members/practice/start',
  summary: 'Starts a practice set: ten new generated puzzles, untimed, without their answers',
  tags,
  body: z.object({}),
  response: z.object({ attemptId: ZAttemptId, puzzles: z.array(ZMemberPuzzle) }),
});

export const practiceAnswer = defineEndpoint({
  id: 'practiceAnswer',
  method: 'POST',
  base: 'api',
  path: '/members/practice/answer',
  summary:
    'Answers one practice puzzle (the first answer counts) and returns whether it was right with the explanation; the last answer keeps the result',
  tags,
  body: z.object({ attemptId: ZAttemptId, index: z.int().check(z.minimum(0), z.maximum(9)), choice: ZChoice }),
  response: z.object({ check: ZAnswerCheck, result: z.nullable(ZMemberResult) }),
});

export const memoryStart = defineEndpoint({
  id: 'memoryStart',
  method: 'POST',
  base: 'api',
  path: '/members/memory/start',
  summary: 'Starts a spatial span task: the sequences to show, two per length from 2 to 9 (sequences[length - 2][k])',
  tags,
  body: z.object({}),
  response: z.object({ attemptId: ZAttemptId, sequences: z.array(z.array(z.array(z.int()))) }),
});

export const memorySubmit = defineEndpoint({
  id: 'memorySubmit',
  method: 'POST',
  base: 'api',
  path: '/members/memory/submit',
  summary: 'Scores a spatial span task from the blocks tapped after each sequence, in order, and keeps the result',
  tags,
  body: z.object({
    attemptId: ZAttemptId,
    responses: z
      .array(z.array(z.int().check(z.minimum(0), z.maximum(8))).check(z.maxLength(CORSI_RULES.blocks)))
      .check(z.minLength(1), z.maxLength(16)),
  }),
  response: ZMemberResult,
});

export const reactionSubmit = defineEndpoint({
  id: 'reactionSubmit',
  method: 'POST',
  base: 'api',
  path: '/members/reaction/submit',
  summary:
    'Scores a reaction-time run (simple or choice): anticipations and lapses set aside, median and spread; keeps the result',
  tags,
  body: z.object({
    mode: z.enum(['simple', 'choice']),
    trials: z
      .array(
        z.object({
          rtMs: z.nullable(z.number().check(z.minimum(0), z.maximum(60_000))),
          correct: z.boolean(),
        }),
      )
      .check(z.minLength(REACTION_RULES.minTrials), z.maxLength(REACTION_RULES.maxTrials)),
  }),
  response: ZMemberResult,
});

export const ZTrainingWeek = z.object({
  week: z.string(),
  answered: z.int(),
  correct: z.int(),
  /** Share of right answers, 0..1. */
  accuracy: z.number(),
  /** Median seconds per answered puzzle. */
  medianSeconds: z.number(),
});
export type TTrainingWeek = z.infer<typeof ZTrainingWeek>;

export const trainingSet = defineEndpoint({
  id: 'trainingSet',
  method: 'GET',
  base: 'api',
  path: '/members/training',
  summary:
    "This week's training set at a level (the same for every member this week), the answers already given with their explanations, and the progress by week",
  tags,
  query: z.object({
    level: z.optional(
      z.coerce.number().check(z.int(), z.minimum(TRAINING_LEVEL_RANGE.min), z.maximum(TRAINING_LEVEL_RANGE.max)),
    ),
  }),
  response: z.object({
    week: z.string(),
    level: z.int(),
    puzzles: z.array(ZMemberPuzzle),
    checks: z.array(ZAnswerCheck),
    progress: z.array(ZTrainingWeek),
    access: ZTrainingAccess,
  }),
});

export const trainingAnswer = defineEndpoint({
  id: 'trainingAnswer',
  method: 'POST',
  base: 'api',
  path: '/members/training/answer',
  summary: "Answers one puzzle of this week's set (the first answer counts) and returns the check and explanation",
  tags,
  body: z.object({
    level: ZLevel,
    index: z.int().check(z.minimum(0), z.maximum(7)),
    choice: ZChoice,
    timeMs: z.int().check(z.minimum(0), z.maximum(3_600_000)),
  }),
  response: ZAnswerCheck,
});

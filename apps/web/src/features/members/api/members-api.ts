import {
  type Locale,
  membersOverview,
  memoryStart,
  memorySubmit,
  practiceAnswer,
  practiceStart,
  reactionSubmit,
  trainingAnswer,
  trainingSet,
} from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiResponseError, call } from '../../../lib/api-client';

/** A visitor's overview is `null` (not signed in): the page then shows where the free tests are. */
export const overviewQuery = () =>
  queryOptions({
    queryKey: ['members', 'overview'],
    queryFn: async () => {
      try {
        return await call(membersOverview);
      } catch (err) {
        if (err instanceof ApiResponseError && err.body?.code === 'NOT_SIGNED_IN') return null;
        throw err;
      }
    },
  });

/** This week's set at a level; `locked` when the plan or VIP membership that opens it is missing. */
export const trainingQuery = (level: number, hl: Locale) =>
  queryOptions({
    queryKey: ['members', 'training', level, hl],
    queryFn: async () => {
      try {
        return { locked: null, set: await call(trainingSet, { query: { level } }) };
      } catch (err) {
        const code = err instanceof ApiResponseError ? err.body?.code : undefined;
        if (code === 'NOT_SIGNED_IN' || code === 'TRAINING_LOCKED') return { locked: code, set: null };
        throw err;
      }
    },
  });

export const startPractice = () => call(practiceStart, { body: {} });
export const answerPractice = (attemptId: string, index: number, choice: number) =>
  call(practiceAnswer, { body: { attemptId, index, choice } });
export const startMemory = () => call(memoryStart, { body: {} });
export const submitMemory = (attemptId: string, responses: number[][]) =>
  call(memorySubmit, { body: { attemptId, responses } });
export const submitReaction = (mode: 'simple' | 'choice', trials: { rtMs: number | null; correct: boolean }[]) =>
  call(reactionSubmit, { body: { mode, trials } });
export const answerTraining = (level: number, index: number, choice: number, timeMs: number) =>
  call(trainingAnswer, { body: { level, index, choice, timeMs } });

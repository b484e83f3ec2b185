import type { Locale, TMemberResult, TMemberTask } from '@mindgauge/contract';
import {
  corsiNextLength,
  corsiSequence,
  createRng,
  PRACTICE_LEVELS,
  practiceSet,
  type ReactionMode,
  scoreCorsi,
  scoreReaction,
} from '@mindgauge/psychometrics';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Translator } from '../../i18n/translator';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { publicId } from '../../lib/ids';
import type { TtlCache } from '../../lib/ttl-cache';
import type { RateLimiter } from '../rate-limit/consume-rate-limit';
import { memberPuzzles } from './member-puzzles';
import { ANSWER_RULE, RESULTS_SHOWN, START_RULE } from './member-rules';
import type { AttemptRow, MembersRepository } from './members-repository';
import { trainingService } from './training-service';

/** The signed-in member, as the accounts module gives it. */
export interface Member {
  id: string;
  email: string;
  email_verified_at: number | null;
}

export interface MembersDeps {
  db: Kysely<Database>;
  /** Rate limits (the rate-limit module). */
  limits: RateLimiter;
  repo: MembersRepository;
  clock: Clock;
  translator: Translator;
  /** The server's secret in every weekly set's seed: the same set for everyone, its key unknown ahead. */
  trainingSecret: string;
  /** Generated sets (practice attempts, weekly sets), rebuilt from their seed on a miss. */
  sets: TtlCache;
  /** The address's running VIP membership (extras module). */
  vipUntil: (email: string, now: number) => Promise<number | undefined>;
  /** The address's plan giving access now (subscriptions module). */
  subscription: (email: string, now: number) => Promise<{ until: number | null } | undefined>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const parseAnswers = (json: string) => JSON.parse(json) as Record<string, number>;

/**
 * The three free tests of a signed-in member (practice puzzles, spatial span, reaction time), each result
 * kept with its date, and the weekly training (training-service.ts) composed in.
 */
export function membersService(d: MembersDeps) {
  const now = () => d.clock.now();
  const limit = (rule: typeof ANSWER_RULE, m: Member) => d.limits.consume(rule, m.id, now());
  const { puzzles, check } = memberPuzzles(d.translator);
  const training = trainingService(d, { puzzles, check }, limit);

  const practiceItems = (seed: string) => d.sets.get(`practice:${seed}`, async () => practiceSet(createRng(seed)));

  async function requireAttempt(m: Member, id: string, task: AttemptRow['task']): Promise<AttemptRow> {
    const a = await d.repo.findAttempt(id, m.id);
    // Another member's attempt finds nothing, exactly like one that does not exist.
    if (!a || a.task !== task || a.finished_at !== null) throw new AppError('NOT_FOUND');
    return a;
  }

  async function keep(m: Member, result: TMemberResult['result'], takenAt: number): Promise<TMemberResult> {
    await d.repo.insertResult(m.id, result.task, JSON.stringify(result), takenAt);
    return { takenAt: iso(takenAt), result };
  }

  return {
    ...training,

    async overview(m: Member) {
      const rows = await d.repo.resultsOf(m.id, RESULTS_SHOWN);
      const results: Record<TMemberTask, TMemberResult[]> = { practice: [], memory: [], reaction: [] };
      for (const r of rows)
        results[r.task].push({
          takenAt: iso(Number(r.taken_at)),
          result: JSON.parse(r.result) as TMemberResult['result'],
        });
      return { results, training: await training.access(m) };
    },

    async practiceStart(m: Member, locale: Locale) {
      await limit(START_RULE, m);
      const seed = publicId();
      const attemptId = publicId();
      await d.repo.insertAttempt({
        id: attemptId,
        account_id: m.id,
        task: 'practice',
        seed,
        answers: '{}',
        created_at: now(),
        finished_at: null,
      });
      return { attemptId, puzzles: puzzles(await practiceItems(seed), locale) };
    },

    async practiceAnswer(m: Member, attemptId: string, index: number, choice: number, locale: Locale) {
      await limit(ANSWER_RULE, m);
      let attempt = await requireAttempt(m, attemptId, 'practice');
      const items = await practiceItems(attempt.seed);
      const item = items[index];
      if (!item) throw new AppError('UNKNOWN_ITEM');
      // The first answer to a puzzle counts; a second one gets the first one's check.
      for (let tries = 0; tries < 5; tries++) {
        const answers = parseAnswers(attempt.answers);
        const given = answers[index];
        if (given !== undefined) return { check: check(item, index, given, locale), result: null };
        const after = JSON.stringify({ ...answers, [index]: choice });
        if (await d.repo.updateAnswers(attempt.id, attempt.answers, after)) {
          const all = parseAnswers(after);
          let result: TMemberResult | null = null;
          if (Object.keys(all).length === PRACTICE_LEVELS.length && (await d.repo.finishAttempt(attempt.id, now()))) {
            const correct = items.filter((it, i) => all[i] === it.answerIndex).length;
            result = await keep(m, { task: 'practice', correct, total: items.length }, now());
          }
          return { check: check(item, index, choice, locale), result };
        }
        attempt = await requireAttempt(m, attemptId, 'practice');
      }
      throw new AppError('SERVICE_UNAVAILABLE');
    },

    async memoryStart(m: Member) {
      await limit(START_RULE, m);
      const seed = publicId();
      const attemptId = publicId();
      await d.repo.insertAttempt({
        id: attemptId,
        account_id: m.id,
        task: 'memory',
        seed,
        answers: '{}',
        created_at: now(),
        finished_at: null,
      });
      return { attemptId, sequences: memorySequences(seed) };
    },

    async memorySubmit(m: Member, attemptId: string, responses: readonly (readonly number[])[]) {
      await limit(ANSWER_RULE, m);
      const attempt = await requireAttempt(m, attemptId, 'memory');
      const sequences = memorySequences(attempt.seed);
      // The sequences shown are the ones issued, in the protocol's order: the client sends only the taps.
      const outcomes: { length: number; correct: boolean }[] = [];
      const trials = responses.map((response) => {
        const length = corsiNextLength(outcomes);
        if (length === null) throw new AppError('VALIDATION_FAILED');
        const k = outcomes.filter((o) => o.length === length).length;
        const sequence = sequences[length - 2]?.[k] as number[];
        outcomes.push({ length, correct: sequence.join() === response.join() });
        return { sequence, response };
      });
      const scored = scoreCorsi(trials);
      if (!(await d.repo.finishAttempt(attempt.id, now()))) throw new AppError('NOT_FOUND');
      return keep(m, { task: 'memory', span: scored.span, trials: trials.length, complete: scored.complete }, now());
    },

    async reactionSubmit(m: Member, mode: ReactionMode, trials: readonly { rtMs: number | null; correct: boolean }[]) {
      await limit(START_RULE, m);
      const r = scoreReaction(mode, trials);
      return keep(m, { task: 'reaction', ...r }, now());
    },

    /** Every result and training answer kept for the account, for its data export. */
    async exportData(accountId: string) {
      const [results, training] = await Promise.all([
        d.repo.resultsOf(accountId, Number.MAX_SAFE_INTEGER),
        d.repo.trainingHistoryFull(accountId),
      ]);
      return {
        results: results.map((r) => ({ takenAt: iso(Number(r.taken_at)), result: JSON.parse(r.result) as unknown })),
        trainingAnswers: training.map((r) => ({
          week: r.week,
          level: Number(r.level),
          puzzle: Number(r.item_index),
          choice: Number(r.choice),
          correct: Number(r.correct) === 1,
          timeMs: Number(r.time_ms),
          answeredAt: iso(Number(r.answered_at)),
        })),
      };
    },

    /** The latest span and reaction results of an account, for the report's dimensions. */
    async latestMeasures(accountId: string) {
      const [memory, reaction] = await Promise.all([
        d.repo.latestResult(accountId, 'memory'),
        d.repo.latestResult(accountId, 'reaction'),
      ]);
      const parse = (r: typeof memory) =>
        r ? { takenAt: Number(r.taken_at), result: JSON.parse(r.result) as TMemberResult['result'] } : undefined;
      return { memory: parse(memory), reaction: parse(reaction) };
    },
  };
}
export type MembersService = ReturnType<typeof membersService>;

/** Two sequences per length, 2..9, drawn from the attempt's seed. */
function memorySequences(seed: string): number[][][] {
  const rng = createRng(`corsi:${seed}`);
  const out: number[][][] = [];
  for (let length = 2; length <= 9; length++)
    out.push([0, 1].map((k) => corsiSequence(rng.fork(`${length}:${k}`), length)));
  return out;
}

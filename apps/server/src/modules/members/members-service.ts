import type {
  Locale,
  TAnswerCheck,
  TMemberPuzzle,
  TMemberResult,
  TMemberTask,
  TTrainingAccess,
  TTrainingWeek,
} from '@mindgauge/contract';
import {
  corsiNextLength,
  corsiSequence,
  createRng,
  isoWeek,
  type MatrixItem,
  PRACTICE_LEVELS,
  practiceSet,
  type ReactionMode,
  scoreCorsi,
  scoreReaction,
  toPublicItem,
  trainingSet,
} from '@mindgauge/psychometrics';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Translator } from '../../i18n/translator';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { publicId } from '../../lib/ids';
import type { TtlCache } from '../../lib/ttl-cache';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit';
import { sentence } from '../report/answer-analysis';
import { ANSWER_RULE, DEFAULT_TRAINING_LEVEL, RESULTS_SHOWN, START_RULE } from './member-rules';
import type { AttemptRow, MembersRepository } from './members-repository';

/** The signed-in member, as the accounts module gives it. */
export interface Member {
  id: string;
  email: string;
  email_verified_at: number | null;
}

export interface MembersDeps {
  db: Kysely<Database>;
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

export function membersService(d: MembersDeps) {
  const now = () => d.clock.now();
  const limit = (rule: typeof ANSWER_RULE, m: Member) => consumeRateLimit(d.db, rule, m.id, now());

  function puzzles(items: readonly MatrixItem[], locale: Locale): TMemberPuzzle[] {
    const labels = {
      panel: (i: number) =>
        d.translator.t(locale, 'engine:a11y.panel', { row: Math.floor(i / 3) + 1, column: (i % 3) + 1 }),
      option: (i: number) => d.translator.t(locale, 'engine:a11y.option', { letter: String.fromCharCode(65 + i) }),
    };
    return items.map((item, index) => {
      const pub = toPublicItem(item, labels);
      return { index, context: [...pub.context], options: [...pub.options] };
    });
  }

  function check(item: MatrixItem, index: number, choice: number, locale: Locale): TAnswerCheck {
    return {
      index,
      choice,
      correct: choice === item.answerIndex,
      answerIndex: item.answerIndex,
      explanations: item.rules.map((r) => sentence(d.translator, locale, r.explanation)),
    };
  }

  const practiceItems = (seed: string) => d.sets.get(`practice:${seed}`, async () => practiceSet(createRng(seed)));
  const weekItems = (week: string, level: number) =>
    d.sets.get(`training:${week}:${level}`, async () => trainingSet(d.trainingSecret, week, level));

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

  async function access(m: Member): Promise<TTrainingAccess> {
    // Only a proven address owns what was bought with it (decision 0025).
    if (m.email_verified_at === null) return { open: false, via: null, until: null };
    const t = now();
    const [sub, vip] = await Promise.all([d.subscription(m.email, t), d.vipUntil(m.email, t)]);
    if (sub) return { open: true, via: 'subscription', until: sub.until === null ? null : iso(sub.until) };
    if (vip !== undefined) return { open: true, via: 'vip', until: iso(vip) };
    return { open: false, via: null, until: null };
  }

  async function requireTraining(m: Member): Promise<TTrainingAccess> {
    const a = await access(m);
    if (!a.open) throw new AppError('TRAINING_LOCKED');
    return a;
  }

  /** Accuracy and median time per week, oldest first. */
  async function progress(m: Member): Promise<TTrainingWeek[]> {
    const byWeek = new Map<string, { correct: number; times: number[] }>();
    for (const r of await d.repo.trainingHistory(m.id)) {
      const w = byWeek.get(r.week) ?? { correct: 0, times: [] };
      w.correct += Number(r.correct);
      w.times.push(Number(r.time_ms));
      byWeek.set(r.week, w);
    }
    return [...byWeek.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([week, w]) => {
        const sorted = [...w.times].sort((x, y) => x - y);
        const mid = Math.floor(sorted.length / 2);
        const medianMs =
          sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
        return {
          week,
          answered: w.times.length,
          correct: w.correct,
          accuracy: Math.round((1000 * w.correct) / w.times.length) / 1000,
          medianSeconds: Math.round(medianMs / 100) / 10,
        };
      });
  }

  return {
    access,

    async overview(m: Member) {
      const rows = await d.repo.resultsOf(m.id, RESULTS_SHOWN);
      const results: Record<TMemberTask, TMemberResult[]> = { practice: [], memory: [], reaction: [] };
      for (const r of rows)
        results[r.task].push({
          takenAt: iso(Number(r.taken_at)),
          result: JSON.parse(r.result) as TMemberResult['result'],
        });
      return { results, training: await access(m) };
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

    async training(m: Member, level: number | undefined, locale: Locale) {
      const a = await requireTraining(m);
      const week = isoWeek(now()).key;
      const lv = level ?? DEFAULT_TRAINING_LEVEL;
      const [items, answered, weeks] = await Promise.all([
        weekItems(week, lv),
        d.repo.trainingAnswers(m.id, week, lv),
        progress(m),
      ]);
      return {
        week,
        level: lv,
        puzzles: puzzles(items, locale),
        checks: answered.flatMap((r) => {
          const item = items[r.item_index];
          return item ? [check(item, r.item_index, r.choice, locale)] : [];
        }),
        progress: weeks,
        access: a,
      };
    },

    async trainingAnswer(m: Member, level: number, index: number, choice: number, timeMs: number, locale: Locale) {
      await limit(ANSWER_RULE, m);
      await requireTraining(m);
      const week = isoWeek(now()).key;
      const item = (await weekItems(week, level))[index];
      if (!item) throw new AppError('UNKNOWN_ITEM');
      await d.repo.insertTrainingAnswer({
        account_id: m.id,
        week,
        level,
        item_index: index,
        choice,
        correct: choice === item.answerIndex ? 1 : 0,
        time_ms: timeMs,
        answered_at: now(),
      });
      // The first answer counts: the check is the stored one's.
      const stored = (await d.repo.trainingAnswers(m.id, week, level)).find((r) => r.item_index === index);
      return check(item, index, stored?.choice ?? choice, locale);
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

import type { Locale, TTrainingAccess, TTrainingWeek } from '@mindgauge/contract';
import { isoWeek, trainingSet } from '@mindgauge/psychometrics';
import { AppError } from '../../lib/app-error';
import type { MemberPuzzles } from './member-puzzles';
import { ANSWER_RULE, DEFAULT_TRAINING_LEVEL } from './member-rules';
import type { Member, MembersDeps } from './members-service';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The weekly training: open to a running plan or VIP (a cancelled plan until its paid period ends), this
 * week's set per level, the check after each answer, and the progress by week.
 */
export function trainingService(
  d: MembersDeps,
  { puzzles, check }: MemberPuzzles,
  limit: (rule: typeof ANSWER_RULE, m: Member) => Promise<void>,
) {
  const now = () => d.clock.now();
  const weekItems = (week: string, level: number) =>
    d.sets.get(`training:${week}:${level}`, async () => trainingSet(d.trainingSecret, week, level));

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
  };
}

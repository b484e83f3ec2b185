import type { TSocialProof } from '@mindgauge/contract';
import type { Clock } from '../../lib/clock';
import type { TtlCache } from '../../lib/ttl-cache';
import type { ExamOrders } from '../exam/exam-orders';

const DAY = 86_400_000;

/**
 * What the notices and claims may show (product stance: real records only, nothing when there are too few).
 * - A recent-activity notice names a first-name initial, a country and how long ago: shown only when at
 *   least `minRecent` tests were finished in the window, so a single taker is never singled out.
 * - A claim figure appears only from a minimum; below it the slot is empty, never padded.
 */
export const SOCIAL_PROOF_RULES = {
  recentWindowMs: 3 * 60 * 60_000,
  recentShown: 5,
  minRecent: 3,
  minTestedClaim: 100,
  minCountriesClaim: 3,
  cacheMs: 60_000,
} as const;

/** The largest 1-2-5 step (100, 200, 500, 1 000 …) at or below n: "more than 500 people took this test". */
export function roundDownForClaim(n: number): number | null {
  if (n < SOCIAL_PROOF_RULES.minTestedClaim) return null;
  let step = 100;
  let best = 100;
  while (step <= n) {
    for (const m of [1, 2, 5]) if (step * m <= n) best = step * m;
    step *= 10;
  }
  return best;
}

export interface SocialProofDeps {
  exams: Pick<ExamOrders, 'completionCounts' | 'recentCompletions'>;
  requireExam(id: number): Promise<unknown>;
  initials(sessionIds: readonly string[]): Promise<Map<string, string>>;
  cache: TtlCache;
  clock: Clock;
}

/** The landing's counters, recent-activity notices and claim figures, from the platform's own records. */
export function socialProofService(d: SocialProofDeps) {
  /** The cached part: counts and the latest completions with their time (minutes are counted per request). */
  function snapshot(examId: number) {
    return d.cache.get(`social-proof:${examId}`, async () => {
      await d.requireExam(examId);
      const now = d.clock.now();
      const [counts, latest] = await Promise.all([
        d.exams.completionCounts(examId, now - 7 * DAY, now - 30 * DAY),
        d.exams.recentCompletions(examId, now - SOCIAL_PROOF_RULES.recentWindowMs, SOCIAL_PROOF_RULES.minRecent * 4),
      ]);
      const enough = latest.length >= SOCIAL_PROOF_RULES.minRecent;
      const shown = enough ? latest.slice(0, SOCIAL_PROOF_RULES.recentShown) : [];
      const initials = await d.initials(shown.map((r) => r.id));
      return {
        at: now,
        counts,
        recent: shown.map((r) => ({
          initial: initials.get(r.id) ?? null,
          country: r.country,
          scoredAt: Number(r.scored_at),
        })),
      };
    });
  }

  return {
    async get(examId: number): Promise<TSocialProof> {
      const s = await snapshot(examId);
      const now = d.clock.now();
      return {
        counters: { lastWeek: s.counts.week, last30Days: s.counts.month, allTime: s.counts.total },
        recent: s.recent.map((r) => ({
          initial: r.initial,
          country: r.country,
          minutesAgo: Math.max(0, Math.floor((now - r.scoredAt) / 60_000)),
        })),
        claims: {
          testedAtLeast: roundDownForClaim(s.counts.total),
          countries: s.counts.countries >= SOCIAL_PROOF_RULES.minCountriesClaim ? s.counts.countries : null,
        },
        asOf: new Date(s.at).toISOString(),
      };
    },
  };
}
export type SocialProofService = ReturnType<typeof socialProofService>;

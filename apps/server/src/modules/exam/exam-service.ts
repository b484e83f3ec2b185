import {
  LOCALES,
  type Locale,
  type TCreateOrderResult,
  type TExamStats,
  type TOrderInfo,
  type TReportSummary,
} from '@mindgauge/contract';
import {
  chooseRoute,
  type Form,
  type IqSession,
  MODEL_PRIOR_NORM,
  type Route,
  SCORING_VERSION,
  type ScoringKey,
  STAGE_ITEMS,
  scoreIq,
  scoreSession,
  scoringKey,
} from '@mindgauge/psychometrics';
import { parseJsonColumn } from '../../db/json-column';
import { engineKey, type Translator } from '../../i18n/translator';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { publicId, randomHex128 } from '../../lib/ids';
import type { SecretKeys } from '../../lib/signed-token';
import { createTtlCache, type TtlCache } from '../../lib/ttl-cache';
import type { ContentService } from '../content/content-service';
import { aboutTheTest } from './about-the-test';
import {
  currentPart,
  FORM_VERSION,
  formatRoute,
  formOfSession,
  isKnownFormVersion,
  isPartFinished,
  keyOf,
  PART_COUNT,
  parseRoute,
  publicQuestionsJson,
} from './exam-form';
import { isBelowRange, ZStoredIqResult, ZStoredScoredResult, ZStoredScoringKey, ZStoredValidity } from './exam-json';
import type { ExamRepository, OrderRow, SessionRow } from './exam-repository';
import { canRead, type ReportAccess, requireReportAccess } from './report-access';

/** Answers queued offline may arrive a little after the deadline; they were given before it. */
export const DEADLINE_GRACE_MS = 60_000;

export interface ExamDeps {
  repo: ExamRepository;
  content: ContentService;
  translator: Translator;
  clock: Clock;
  formCache: TtlCache;
  statsCache: TtlCache;
  /** Countries are shown only from this many scored sessions on. */
  minCountrySample: number;
  /** Verifies the tokens of e-mailed report links. */
  reportLinkSecret: SecretKeys;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function examService(d: ExamDeps) {
  const reportCache = createTtlCache(d.clock, 60_000, 5000);
  async function requireSession(id: string): Promise<SessionRow> {
    const s = await d.repo.findSession(id);
    if (!s || !isKnownFormVersion(s.form_version)) throw new AppError('SESSION_NOT_FOUND');
    return s;
  }

  async function createSession(
    examId: number,
    hl: Locale,
    country: string | null,
  ): Promise<{ row: SessionRow; form: Form }> {
    const exam = await d.content.requireExam(examId);
    // Only the matrix test has a generated form; the personality test has its own flow.
    if (exam.kind !== 'iq') throw new AppError('EXAM_NOT_FOUND');
    const now = d.clock.now();
    const seed = randomHex128();
    // A routed session is given part 1 now; parts 2 and 3 are drawn when the part before is finished.
    const form = formOfSession({ seed, form_version: FORM_VERSION, route: '' });
    const row: SessionRow = {
      id: publicId(),
      exam_id: examId,
      seed,
      form_version: FORM_VERSION,
      scoring_key: keyOf(form),
      locale: hl,
      status: 'active',
      started_at: now,
      deadline_at: now + exam.time_limit_seconds * 1000,
      confirmed_at: null,
      scored_at: null,
      result: null,
      validity: null,
      country,
      iq_score: null,
      scoring_version: SCORING_VERSION,
      route: '',
    };
    await d.repo.insertSession(row);
    return { row, form };
  }

  /** The stored answers of the key's items, in the key's order (an item never answered: no choice, no time). */
  async function responsesOf(sessionId: string, key: ScoringKey): Promise<IqSession> {
    const answers = new Map((await d.repo.listAnswers(sessionId)).map((a) => [a.item_id, a]));
    return {
      responses: key.items.map((k) => {
        const a = answers.get(k.id);
        return {
          itemId: k.id,
          choice: a?.choice ?? null,
          timeMs: a?.time_ms ?? 0,
          firstChoiceMs: a?.first_choice_ms ?? null,
          answerChanges: a?.changes ?? 0,
          focusLosses: a?.focus_losses ?? 0,
        };
      }),
    };
  }

  /**
   * Finishes the part a routed session is on: the next part's module is chosen from the answers so far (the
   * key stays here), the route and the grown key are stored, guarded on the route not having moved (of two
   * concurrent calls one routes, the other reads its route). From then on the finished part's answers are final.
   */
  async function routeNextPart(s: SessionRow): Promise<void> {
    const route = parseRoute(s.route);
    const keySoFar = scoringKey(formOfSession(s));
    const { responses } = await responsesOf(s.id, keySoFar);
    const next: Route = chooseRoute(keySoFar, responses, route);
    const nextRow = { ...s, route: formatRoute(next) };
    await d.repo.advanceRoute(s.id, s.route, nextRow.route, keyOf(formOfSession(nextRow)));
  }

  /**
   * Scores a confirmed session under the rules it was started with. A routed session whose time ran out
   * before part 3 is completed first: the remaining parts are routed on its answers and drawn, and their
   * items count as unanswered, as a version 1 form's unreached items did.
   */
  async function scoreConfirmed(s: SessionRow) {
    if (s.scoring_version === 1) {
      const key = parseJsonColumn(ZStoredScoringKey, 'exam_sessions.scoring_key', s.scoring_key);
      // Malformed answers make the engine throw PsychometricsInputError: the error handler answers 400.
      return scoreIq(await responsesOf(s.id, key), { key, norm: MODEL_PRIOR_NORM });
    }
    let row = s;
    while (currentPart(row) < PART_COUNT) {
      await routeNextPart(row);
      row = await requireSession(s.id);
    }
    const key = scoringKey(formOfSession(row));
    return scoreSession(await responsesOf(s.id, key), { key, norm: MODEL_PRIOR_NORM });
  }

  /** What the abnormal page names: the locale keys of the invalidating flags the session was stored with. */
  function behaviourKeysOf(s: SessionRow): string[] {
    if (!s.validity) return [];
    return parseJsonColumn(ZStoredValidity, 'exam_sessions.validity', s.validity).flags.map((f) => f.key);
  }

  /** The person against people from their country on this platform (from a minimum sample) and the top 10. */
  async function ranking(session: SessionRow): Promise<TReportSummary['ranking']> {
    const { country, iq_score: iqScore } = session;
    const [rank, stats] = await Promise.all([
      country && iqScore !== null
        ? d.repo.countryRank(session.exam_id, country, session.id, iqScore)
        : Promise.resolve({ n: 0, below: 0 }),
      service.stats(session.exam_id),
    ]);
    // Compared with the others from the country: the person is counted in n, not among those below.
    return {
      country,
      countryN: rank.n,
      minSample: d.minCountrySample,
      countryPercentBelow:
        rank.n >= d.minCountrySample && rank.n > 1 ? Math.round((1000 * rank.below) / (rank.n - 1)) / 10 : null,
      topCountries: stats.countries,
    };
  }

  const s2 = (session: SessionRow) => session.scoring_version;

  /** The score part of a report, its texts in `hl` (the language the visitor reads now) or the order's. */
  async function reportSummary(
    order: OrderRow,
    session: SessionRow & { result: string },
    hl?: Locale,
  ): Promise<TReportSummary> {
    const r = parseJsonColumn(ZStoredIqResult, 'exam_sessions.result', session.result);
    const locale = hl ?? (order.locale as Locale) ?? 'en';
    const entitlements = await d.repo.entitlements(order);
    // Engine keys look like `engine.dimension.memory.name`: namespace, then the path.
    const tr = (key: string) => d.translator.t(locale, engineKey(key));
    if (isBelowRange(r)) {
      // No number the data cannot support: the bound, its sentence and the class just under it.
      return {
        skuId: order.sku_id ?? '',
        entitlements,
        scoringVersion: s2(session),
        outcome: 'below-range',
        iq: null,
        rangeLow: null,
        rangeHigh: null,
        percentile: null,
        bound: r.bound,
        belowRangeText: d.translator.t(locale, engineKey('engine.outcome.belowRange'), { bound: r.bound }),
        classId: r.classification.id,
        className: tr(r.classification.key),
        correct: r.correct,
        answered: r.answered,
        provisionalNorms: r.norm.provisional,
        normNote: d.translator.t(locale, engineKey(r.norm.key), { sampleSize: r.norm.sampleSize }),
        ranking: await ranking(session),
        dimensions: entitlements.includes('dimensions') ? [] : null,
      };
    }
    const scored = ZStoredScoredResult.parse(r);
    return {
      skuId: order.sku_id ?? '',
      entitlements,
      scoringVersion: s2(session),
      outcome: 'scored',
      // Version 2 stores the number shown (its class follows it); version 1 results are rounded as before.
      iq: scored.iqShown ?? Math.round(scored.iq.iq),
      rangeLow: Math.round(scored.iq.range95.lower),
      rangeHigh: Math.round(scored.iq.range95.upper),
      percentile: Math.round(scored.iq.percentile * 10) / 10,
      bound: null,
      belowRangeText: null,
      classId: scored.iq.classification.id,
      className: d.translator.t(locale, engineKey(scored.iq.classification.key)),
      correct: r.correct,
      answered: r.answered,
      provisionalNorms: r.norm.provisional,
      normNote: d.translator.t(locale, engineKey(r.norm.key), { sampleSize: r.norm.sampleSize }),
      ranking: await ranking(session),
      dimensions: entitlements.includes('dimensions')
        ? scored.dimensions.map((dim) => ({
            id: dim.id,
            name: tr(dim.key),
            description: tr(dim.descriptionKey),
            score: Math.round(dim.score),
            level: dim.level,
            levelName: tr(dim.levelKey),
            referenceLow: Math.round(dim.reference.lower),
            referenceHigh: Math.round(dim.reference.upper),
            source: tr(dim.source.key),
            provisional: dim.provisional,
          }))
        : null,
    };
  }

  /** The question list of a session as JSON pieces: the drawings are serialized once per session and language. */
  async function questionListJson(session: SessionRow, hl: Locale, built?: Form): Promise<[string, Buffer, string]> {
    const [answers, order, questions] = await Promise.all([
      d.repo.listAnswers(session.id),
      d.repo.findOrderBySession(session.id),
      publicQuestionsJson(d.formCache, d.translator, session, hl, built),
    ]);
    const head = {
      examId: session.exam_id,
      status: session.status,
      startedAt: iso(session.started_at),
      deadline: iso(session.deadline_at),
      serverNow: iso(d.clock.now()),
      questions: '__QUESTIONS__',
      part: currentPart(session),
      partCount: PART_COUNT,
      questionCount: PART_COUNT * STAGE_ITEMS,
      answers: answers.map((a) => ({ itemId: a.item_id, choice: a.choice })),
      orderNumber: order?.order_number ?? null,
    };
    const [before, after] = JSON.stringify(head).split('"__QUESTIONS__"') as [string, string];
    return [before, questions, after];
  }

  const service = {
    /**
     * Starts the visitor's test: the session in their cookie if it still exists for this exam (a second click
     * resumes it) unless `restart`, else a new one. Returns its id (for the cookie) and the question list.
     */
    async startSession(
      examId: number,
      hl: Locale,
      cookieSessionId: string | undefined,
      restart: boolean,
      country: string | null,
    ) {
      const found = !restart && cookieSessionId ? await d.repo.findSession(cookieSessionId) : undefined;
      if (found && found.exam_id === examId && isKnownFormVersion(found.form_version)) {
        return { sessionId: found.id, parts: await questionListJson(found, hl) };
      }
      const { row, form } = await createSession(examId, hl, country);
      return { sessionId: row.id, parts: await questionListJson(row, hl, form) };
    },

    /**
     * The visitor's session for this exam, found by its cookie; never creates one (404 without it).
     * Returns the response `data` as JSON pieces: the drawings are serialized once per session and language.
     */
    async questionList(examId: number, hl: Locale, cookieSessionId: string) {
      const session = await requireSession(cookieSessionId);
      if (session.exam_id !== examId) throw new AppError('SESSION_NOT_FOUND');
      return questionListJson(session, hl);
    },

    async saveAnswer(
      sessionId: string,
      input: {
        itemId: string;
        choice: number | null;
        timeMs: number;
        firstChoiceMs: number | null;
        changes: number;
        focusLosses: number;
      },
    ) {
      const s = await requireSession(sessionId);
      if (s.status !== 'active') throw new AppError('SESSION_LOCKED');
      const now = d.clock.now();
      if (now > s.deadline_at + DEADLINE_GRACE_MS) throw new AppError('TIME_UP');
      const key = parseJsonColumn(ZStoredScoringKey, 'exam_sessions.scoring_key', s.scoring_key);
      const item = key.items.find((k) => k.id === input.itemId);
      if (!item) throw new AppError('UNKNOWN_ITEM');
      // A routed part's answers are final once the next part has started (it was chosen from them).
      if (isPartFinished(s, item.part)) throw new AppError('PART_FINISHED');
      await d.repo.upsertAnswer({
        session_id: s.id,
        item_id: input.itemId,
        choice: input.choice,
        time_ms: input.timeMs,
        first_choice_ms: input.firstChoiceMs,
        changes: input.changes,
        focus_losses: input.focusLosses,
        updated_at: now,
      });
      return { answered: await d.repo.countAnswered(s.id) };
    },

    /** Finishes part 1 or 2 of a routed session (repeatable); returns the part now in progress. */
    async nextPart(sessionId: string, part: number) {
      const s = await requireSession(sessionId);
      if (s.form_version !== FORM_VERSION) throw new AppError('SESSION_LOCKED');
      if (currentPart(s) > part) return { part: currentPart(s) };
      if (s.status !== 'active') throw new AppError('SESSION_LOCKED');
      if (d.clock.now() > s.deadline_at + DEADLINE_GRACE_MS) throw new AppError('TIME_UP');
      if (currentPart(s) < part) throw new AppError('NOT_CONFIRMED');
      await routeNextPart(s);
      return { part: currentPart(await requireSession(sessionId)) };
    },

    async confirm(sessionId: string) {
      const s = await requireSession(sessionId);
      if (!(await d.repo.confirm(s.id, d.clock.now()))) throw new AppError('SESSION_LOCKED');
      return { status: 'confirmed' as const, answered: await d.repo.countAnswered(s.id) };
    },

    /**
     * Scores a confirmed session with the engine: validity screens first. A valid session gets its order
     * (MG + 128 random bits); an invalid one gets the abnormal-test outcome and never an order, so it can
     * never be charged. Repeating the call returns the same outcome.
     */
    async createOrder(sessionId: string): Promise<TCreateOrderResult> {
      const s = await requireSession(sessionId);
      if (s.status === 'active') throw new AppError('NOT_CONFIRMED');
      if (s.status === 'confirmed') {
        const result = await scoreConfirmed(s);
        const now = d.clock.now();
        const order = result.valid
          ? {
              order_number: `MG${publicId()}`,
              session_id: s.id,
              exam_id: s.exam_id,
              status: 'pending_payment' as const,
              locale: s.locale,
              email: null,
              consent: null,
              created_at: now,
              updated_at: now,
              country: null,
              sku_id: null,
              currency: null,
              amount_minor: null,
              promo_code: null,
              paid_payment_id: null,
              offer_deadline_at: null,
              paid_at: null,
              certificate_serial: null,
              certificate_name: null,
              certificate_issued_at: null,
            }
          : null;
        // A concurrent call may have scored first: then this one records nothing and reads its outcome.
        await d.repo.recordScore(
          s.id,
          {
            status: result.valid ? 'scored' : 'abnormal',
            result: result.valid ? JSON.stringify(result) : null,
            validity: JSON.stringify(result.validity),
            // The statistics average numbers given: none below the range.
            iqScore: result.valid && 'iq' in result ? Math.round(result.iq.iq * 10) / 10 : null,
          },
          order,
          now,
        );
      }
      const fresh = await requireSession(sessionId);
      if (fresh.status === 'abnormal') {
        const locale = fresh.locale as Locale;
        return {
          outcome: 'abnormal',
          messageKey: 'engine.validity.abnormal',
          behaviours: behaviourKeysOf(fresh).map((k) => d.translator.t(locale, engineKey(k))),
        };
      }
      const order = await d.repo.findOrderBySession(s.id);
      if (!order || fresh.result === null) throw new AppError('ORDER_NOT_FOUND');
      const r = parseJsonColumn(ZStoredIqResult, 'exam_sessions.result', fresh.result);
      const headline = {
        // Below the range there is no number, only the class under its bound.
        classId: isBelowRange(r) ? r.classification.id : ZStoredScoredResult.parse(r).iq.classification.id,
        correct: r.correct,
        total: parseJsonColumn(ZStoredScoringKey, 'exam_sessions.scoring_key', fresh.scoring_key).items.length,
      };
      return { outcome: 'order', orderNumber: order.order_number, status: order.status, headline };
    },

    /**
     * The platform's own numbers for the landing page: how many have taken the test, and per country the
     * mean IQ, only where at least `minCountrySample` people from it took the test.
     */
    stats(examId: number): Promise<TExamStats> {
      return d.statsCache.get(`stats:${examId}`, async () => {
        await d.content.requireExam(examId);
        const now = d.clock.now();
        const s = await d.repo.stats(examId, now - 7 * 86_400_000);
        const countries = s.countries
          .filter(
            (c): c is typeof c & { country: string } =>
              typeof c.country === 'string' && Number(c.n) >= d.minCountrySample,
          )
          .map((c) => ({ country: c.country, n: Number(c.n), meanIq: Math.round(Number(c.mean)) }))
          .sort((a, b) => b.meanIq - a.meanIq || b.n - a.n)
          .slice(0, 10);
        return { tested: s.total, last7Days: s.recent, minSample: d.minCountrySample, countries, asOf: iso(now) };
      });
    },

    /**
     * A paid order's report, at its tier, for whoever may read it: the browser that took the test (its
     * session cookie) or the holder of an e-mailed link (its token, until it expires).
     */
    /** The score part of a paid order's report, at its tier (the PDF's data). */
    reportSummary,

    /**
     * A paid order's report, at its tier, for whoever may read it: the browser that took the test (its
     * session cookie) or the holder of an e-mailed link (its token, until it expires). The report's JSON is
     * kept as JSON for a minute per order (it changes only when an extra is bought: `forgetReport`, here;
     * other instances within the minute); every request still checks its own access.
     */
    async orderInfo(orderNumber: string, access: ReportAccess, hl?: Locale): Promise<string> {
      // One cached copy per language: a visitor who switches language reads every text in the new one.
      const hit = await reportCache.get(`${orderNumber}:${hl ?? ''}`, async () => {
        const { order, session: s } = await requireReportAccess(
          { repo: d.repo, secret: d.reportLinkSecret, clock: d.clock },
          orderNumber,
          access,
        );
        const key = parseJsonColumn(ZStoredScoringKey, 'exam_sessions.scoring_key', s.scoring_key);
        const result = await reportSummary(order, s, hl);
        const locale = hl ?? (order.locale as Locale) ?? 'en';
        const info: TOrderInfo = {
          orderNumber: order.order_number,
          examId: order.exam_id,
          status: order.status,
          createdAt: iso(order.created_at),
          locale: (order.locale as Locale) ?? 'en',
          hasEmail: order.email !== null,
          answered: await d.repo.countAnswered(s.id),
          questionCount: key.items.length,
          result,
          certificate: order.certificate_serial
            ? { serial: order.certificate_serial, name: order.certificate_name }
            : null,
          about: aboutTheTest((k) => d.translator.t(locale, k), result),
        };
        return {
          order: { order_number: order.order_number, session_id: order.session_id },
          json: JSON.stringify(info),
        };
      });
      if (!(await canRead({ secret: d.reportLinkSecret, clock: d.clock }, hit.order, access))) {
        throw new AppError('REPORT_ACCESS_DENIED');
      }
      return hit.json;
    },

    /** The order's report changed (an extra was bought): the next read builds it again. */
    forgetReport(orderNumber: string): void {
      for (const hl of ['', ...LOCALES]) reportCache.delete(`${orderNumber}:${hl}`);
    },
  };
  return service;
}
export type ExamService = ReturnType<typeof examService>;

import {
  knownLandingVariant,
  LOCALES,
  type Locale,
  type TCreateOrderResult,
  type TExamStats,
  type TOrderInfo,
  type TPersonalityProfile,
  type TPersonalityReliability,
  type TReportSummary,
} from '@mindgauge/contract';
import {
  AXES,
  axisReliability,
  chooseRoute,
  type IqSession,
  MODEL_PRIOR_NORM,
  type Route,
  SCORING_VERSION,
  type ScoringKey,
  STAGE_ITEMS,
  scoreIq,
  scoreSession,
} from '@mindgauge/psychometrics';
import { LRUCache } from 'lru-cache';
import { parseJsonColumn } from '../../db/json-column';
import { engineKey, type Translator } from '../../i18n/translator';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { newOrderNumber, publicId, randomHex128 } from '../../lib/ids';
import type { SecretKeys } from '../../lib/signed-token';
import { createTtlCache, type TtlCache } from '../../lib/ttl-cache';
import type { ContentService } from '../content/content-service';
import { aboutTheTest } from './about-the-test';
import type { DrawnPartStore } from './drawn-parts';
import {
  currentPart,
  designOf,
  FORM_VERSION,
  formatRoute,
  formCacheKey,
  isKnownFormVersion,
  isPartFinished,
  isRoutedFormVersion,
  joinJsonArrays,
  PART_COUNT,
  parseRoute,
  publicQuestionsJson,
} from './exam-form';
import { isBelowRange, ZStoredIqResult, ZStoredScoredResult, ZStoredScoringKey, ZStoredValidity } from './exam-json';
import type { ExamRepository, OrderRow, SessionRow } from './exam-repository';
import type { FormPool } from './form-pool';
import { freeHeadlineOf } from './free-headline';
import {
  isLikertChoice,
  isPersonalityForm,
  isPersonalityItem,
  PERSONALITY_FORM_VERSION,
  PERSONALITY_OPEN_MS,
  PERSONALITY_QUESTION_COUNT,
  PERSONALITY_SCORING_VERSION,
  personalityKeyJson,
  personalitySheet,
  publicStatementsJson,
  scorePersonalitySheet,
  toPersonalityResult,
  ZStoredPersonalityResult,
} from './personality-form';
import { personalityProfileOf } from './personality-profile';
import { canRead, type ReportAccess, requireReportAccess } from './report-access';

/** Answers queued offline may arrive a little after the deadline; they were given before it. */
export const DEADLINE_GRACE_MS = 60_000;

export interface ExamDeps {
  repo: ExamRepository;
  content: ContentService;
  translator: Translator;
  clock: Clock;
  formCache: TtlCache;
  /** New sessions' forms drawn ahead by a worker thread; resumes and scoring keys drawn again there too. */
  forms: FormPool;
  /** A form's response head (the questions, in a language), brotli-compressed once: a bounded LRU. */
  compressedFormCache: TtlCache;
  /** The parts of forms as drawn, in the database: what another instance drew is read, not drawn again. */
  drawnParts: DrawnPartStore;
  statsCache: TtlCache;
  /** Countries are shown only from this many scored sessions on. */
  minCountrySample: number;
  /** Verifies the tokens of e-mailed report links. */
  reportLinkSecret: SecretKeys;
  /** The questionnaire's reliability is shown only from this many scored answer sheets. */
  minReliabilitySample: number;
  /**
   * The memory and reaction dimensions measured by the buyer's own tasks (the members' area), which replace
   * the figures estimated from the test's answers when the buyer has taken them.
   */
  measuredDimensions?: (
    email: string,
    locale: Locale,
  ) => Promise<
    Partial<
      Record<
        'memory' | 'reaction',
        { score: number; level: number; levelName: string; source: string; provisional: boolean }
      >
    >
  >;
}

/** The most recent sheets the reliability is computed from: enough for a steady alpha, bounded in cost. */
const RELIABILITY_MAX_SHEETS = 5000;

const iso = (ms: number) => new Date(ms).toISOString();

/** The IQ a scored result shows: version 2 stores it (its class follows it); version 1 is rounded. */
const shownIq = (r: { iq: { iq: number }; iqShown?: number | undefined }) => r.iqShown ?? Math.round(r.iq.iq);

export function examService(d: ExamDeps) {
  const reportCache = createTtlCache(d.clock, 60_000, 5000);
  /**
   * Parsed scoring keys by session and route: a stored key never changes for a route (routing writes the
   * route and the grown key together), so each answer does not parse and validate it again (a third of an
   * answer's CPU under load, measured by bench/complete-visitors.ts). Per instance, bounded.
   */
  const parsedKeys = new LRUCache<string, ScoringKey>({ max: 5000 });
  async function requireSession(id: string): Promise<SessionRow> {
    const s = await d.repo.findSession(id);
    if (!s || !isKnownSession(s)) throw new AppError('SESSION_NOT_FOUND');
    return s;
  }

  /** A new order for a session scored valid (MG + 128 random bits), awaiting payment. */
  function newOrder(s: SessionRow, now: number): OrderRow {
    return {
      order_number: newOrderNumber(),
      session_id: s.id,
      exam_id: s.exam_id,
      status: 'pending_payment',
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
      // The funnel counts the order (and what it leads to) under the landing that started the test.
      landing_variant: s.landing_variant,
    };
  }

  async function createSession(
    examId: number,
    hl: Locale,
    country: string | null,
    landingVariant: string,
  ): Promise<{ row: SessionRow; questions: Buffer | undefined }> {
    const exam = await d.content.requireExam(examId);
    if (exam.kind === 'personality') {
      const now = d.clock.now();
      const seed = randomHex128();
      // The same session row: its statements are the engine's, fixed, so the key is the same for everyone.
      const row: SessionRow = {
        id: publicId(),
        exam_id: examId,
        seed,
        form_version: PERSONALITY_FORM_VERSION,
        scoring_key: personalityKeyJson(),
        locale: hl,
        status: 'active',
        started_at: now,
        deadline_at: now + PERSONALITY_OPEN_MS,
        confirmed_at: null,
        scored_at: null,
        result: null,
        validity: null,
        country,
        iq_score: null,
        scoring_version: PERSONALITY_SCORING_VERSION,
        route: '',
        landing_variant: landingVariant,
      };
      await d.repo.insertSession(row);
      return { row, questions: undefined };
    }
    if (exam.kind !== 'iq') throw new AppError('EXAM_NOT_FOUND');
    // A routed session is given part 1 now (a form the worker drew ahead, in the visitor's language); parts 2
    // and 3 are drawn when the part before is finished. The clock is read once the form is there.
    const form = await d.forms.take(hl);
    const now = d.clock.now();
    const row: SessionRow = {
      id: publicId(),
      exam_id: examId,
      seed: form.seed,
      form_version: FORM_VERSION,
      scoring_key: form.key,
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
      landing_variant: landingVariant,
    };
    // Part 1 kept for the other instances (and this one's forgetful cache) as the session is stored.
    await Promise.all([d.repo.insertSession(row), d.drawnParts.keep(row, '', hl, form.questions)]);
    return { row, questions: form.questions };
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
    const keySoFar = storedKeyOf(s);
    const { responses } = await responsesOf(s.id, keySoFar);
    const next: Route = chooseRoute(keySoFar, responses, route, designOf(s));
    const nextRow = { ...s, route: formatRoute(next) };
    // The grown key and the questions the screen asks for next (in the session's language), drawn on the
    // worker: the new part alone, appended to the questions so far when this instance still has them
    // (stages are drawn independently), else the whole grown form. The question list that follows a new
    // part finds them in the form cache.
    const hl = s.locale as Locale;
    // The questions so far come from this instance's cache, else from the parts kept in the database (a
    // kept load that failed counts as not kept: the whole form is drawn).
    const shown =
      (await d.formCache.peek<Buffer>(formCacheKey(s, hl))?.catch(() => undefined)) ??
      (await d.drawnParts.questions(s, hl));
    let drawn: { key: string; questions: Buffer };
    let newPart: Buffer | undefined;
    if (shown) {
      const part = await d.forms.lastPart(nextRow, hl, keySoFar.items.length);
      newPart = part.questions;
      drawn = {
        key: JSON.stringify({ items: [...keySoFar.items, ...part.key.items] }),
        questions: joinJsonArrays(shown, part.questions),
      };
    } else {
      drawn = await d.forms.drawWithKey(nextRow, hl);
    }
    // The new part is kept under the route it was drawn after, so a part kept by a call that loses the race
    // below is only a row nobody reads (the same route always draws the same part).
    const [advanced] = await Promise.all([
      d.repo.advanceRoute(s.id, s.route, nextRow.route, drawn.key),
      newPart && d.drawnParts.keep(s, nextRow.route, hl, newPart),
    ]);
    if (advanced) {
      void publicQuestionsJson(d.formCache, nextRow, hl, () => Promise.resolve(drawn.questions));
    }
  }

  /**
   * The scoring key of the form a session has been given so far, as stored with it: written when the session
   * started and each time a part was routed, always the key of the form its seed and route draw (the tests
   * check it), so routing and scoring read it instead of drawing the form again.
   */
  function storedKeyOf(s: SessionRow): ScoringKey {
    // The key's length too: a row rewritten in place (an operator's repair) is parsed again.
    const cacheKey = `${s.id}:${s.form_version}:${s.route}:${s.scoring_key.length}`;
    const known = parsedKeys.get(cacheKey);
    if (known) return known;
    const key = parseJsonColumn(ZStoredScoringKey, 'exam_sessions.scoring_key', s.scoring_key);
    parsedKeys.set(cacheKey, key);
    return key;
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
    const key = storedKeyOf(row);
    return scoreSession(await responsesOf(s.id, key), { key, norm: MODEL_PRIOR_NORM });
  }

  /** What the abnormal page names: the locale keys of the invalidating flags the session was stored with. */
  function behaviourKeysOf(s: SessionRow): string[] {
    if (!s.validity) return [];
    return parseJsonColumn(ZStoredValidity, 'exam_sessions.validity', s.validity).flags.map((f) => f.key);
  }

  /**
   * The person against people from their country on this platform (from a minimum sample) and the top 10.
   * Compared by the IQ shown (whole points): people shown the same number are not "lower"; a result below
   * the range counts as lower. `iqShown` is null for a result below the range (no comparison is shown).
   */
  async function ranking(session: SessionRow, iqShown: number | null): Promise<TReportSummary['ranking']> {
    const { country } = session;
    const [rank, stats] = await Promise.all([
      country && iqShown !== null
        ? d.repo.countryRank(session.exam_id, country, iqShown)
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

  /**
   * Scores a confirmed personality sheet once (answer-style checks first: a sheet answered all alike or
   * agreeing with everything gets no type and no order) and returns its outcome; repeating the call reads it.
   */
  async function personalityOutcome(s: SessionRow): Promise<TCreateOrderResult> {
    if (s.status === 'confirmed') {
      // The sheet is complete (confirm checks it); a malformed stored answer makes the engine throw: a 400.
      const result = scorePersonalitySheet(await d.repo.listAnswers(s.id));
      const now = d.clock.now();
      await d.repo.recordScore(
        s.id,
        {
          status: result.valid ? 'scored' : 'abnormal',
          result: result.valid ? JSON.stringify(result) : null,
          validity: JSON.stringify({ flags: result.valid ? [] : result.flags, measures: result.measures }),
          iqScore: null,
        },
        result.valid ? newOrder(s, now) : null,
        now,
        // Counted in the exam's totals (how many took it); a type has no number to average.
        { examId: s.exam_id, country: s.country, iqShown: null },
      );
    }
    const fresh = await requireSession(s.id);
    if (fresh.status === 'abnormal') {
      const locale = fresh.locale as Locale;
      return {
        outcome: 'answer-again',
        reasons: behaviourKeysOf(fresh).map((k) => d.translator.t(locale, engineKey(k))),
      };
    }
    const order = await d.repo.findOrderBySession(s.id);
    if (!order || fresh.result === null) throw new AppError('ORDER_NOT_FOUND');
    const stored = parseJsonColumn(ZStoredPersonalityResult, 'exam_sessions.result', fresh.result);
    return {
      outcome: 'type',
      orderNumber: order.order_number,
      status: order.status,
      personality: toPersonalityResult(stored),
    };
  }

  type Dimensions = NonNullable<TReportSummary['dimensions']>;
  /** A dimension the buyer measured with a task replaces the estimate; its source says which task and when. */
  async function withMeasured(order: OrderRow, locale: Locale, dims: Dimensions): Promise<Dimensions> {
    if (!d.measuredDimensions || !order.email) return dims;
    const measured = await d.measuredDimensions(order.email, locale);
    return dims.map((dim) => {
      const m = dim.id === 'memory' || dim.id === 'reaction' ? measured[dim.id] : undefined;
      return m ? { ...dim, ...m, level: m.level as typeof dim.level } : dim;
    });
  }

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
        ranking: await ranking(session, null),
        dimensions: entitlements.includes('dimensions') ? [] : null,
      };
    }
    const scored = ZStoredScoredResult.parse(r);
    // Version 2 stores the number shown (its class follows it); version 1 results are rounded as before.
    const iqShown = shownIq(scored);
    return {
      skuId: order.sku_id ?? '',
      entitlements,
      scoringVersion: s2(session),
      outcome: 'scored',
      iq: iqShown,
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
      ranking: await ranking(session, iqShown),
      dimensions: entitlements.includes('dimensions')
        ? await withMeasured(
            order,
            locale,
            scored.dimensions.map((dim) => ({
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
            })),
          )
        : null,
    };
  }

  /**
   * The question list of a session as JSON pieces. The questions (or statements) come first: with the wrapper
   * before them they are the same bytes for every request of this form and language, compressed once
   * (`compressedHead`); what changes per request follows them. The session id is never in it (cookie only).
   */
  async function questionListJson(session: SessionRow, hl: Locale, built?: Buffer) {
    const personality = isPersonalityForm(session.form_version);
    const [answers, order, questions, statements] = await Promise.all([
      d.repo.listAnswers(session.id),
      d.repo.findOrderBySession(session.id),
      personality
        ? '[]'
        : // A new session's questions come drawn (from the pool); a resume's from the cache or the worker.
          publicQuestionsJson(d.formCache, session, hl, async () =>
            built ? built : ((await d.drawnParts.questions(session, hl)) ?? d.forms.draw(session, hl)),
          ),
      personality ? publicStatementsJson(d.formCache, d.translator, hl) : '[]',
    ]);
    const head = {
      examId: session.exam_id,
      kind: personality ? ('personality' as const) : ('iq' as const),
      status: session.status,
      startedAt: iso(session.started_at),
      deadline: iso(session.deadline_at),
      serverNow: iso(d.clock.now()),
      statements: '__STATEMENTS__',
      // The questionnaire is one part: the screen pages it, every answer stays editable until confirmed.
      part: personality ? 1 : currentPart(session),
      partCount: personality ? 1 : PART_COUNT,
      questionCount: personality ? PERSONALITY_QUESTION_COUNT : PART_COUNT * STAGE_ITEMS,
      answers: answers.map((a) => ({ itemId: a.item_id, choice: a.choice })),
      orderNumber: order?.order_number ?? null,
    };
    const formKey = formCacheKey(session, hl);
    const [between, after] = `,${JSON.stringify(head).slice(1)}`.split('"__STATEMENTS__"') as [string, string];
    return {
      parts: ['{"questions":', questions, between, statements, after] as (string | Buffer)[],
      compressedHead: (load: () => Promise<Buffer>) => d.compressedFormCache.get(formKey, load),
    };
  }

  const service = {
    /** New sessions' forms drawn ahead on the worker (tests watch it empty and fill). */
    forms: d.forms,
    /**
     * Starts the visitor's test: the session in their cookie if it still exists for this exam (a second click
     * resumes it) unless `restart`, else a new one. Returns its id (for the cookie) and the question list.
     */
    async startSession(
      examId: number,
      hl: Locale,
      cookieSessionId: string | undefined,
      restart: boolean,
      origin: { country: string | null; landingVariant: string | undefined },
    ) {
      const found = !restart && cookieSessionId ? await d.repo.findSession(cookieSessionId) : undefined;
      if (found && found.exam_id === examId && isKnownSession(found)) {
        return { sessionId: found.id, ...(await questionListJson(found, hl)) };
      }
      const { row, questions } = await createSession(
        examId,
        hl,
        origin.country,
        knownLandingVariant(origin.landingVariant),
      );
      return { sessionId: row.id, ...(await questionListJson(row, hl, questions)) };
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
      if (isPersonalityForm(s.form_version)) {
        if (!isPersonalityItem(input.itemId)) throw new AppError('UNKNOWN_ITEM');
        if (!isLikertChoice(input.choice)) throw new AppError('CHOICE_OUT_OF_RANGE');
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
      }
      const item = storedKeyOf(s).items.find((k) => k.id === input.itemId);
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
      // A session started under an earlier routed version finishes under it (its own design routes it).
      if (!isRoutedFormVersion(s.form_version)) throw new AppError('SESSION_LOCKED');
      if (currentPart(s) > part) return { part: currentPart(s) };
      if (s.status !== 'active') throw new AppError('SESSION_LOCKED');
      if (d.clock.now() > s.deadline_at + DEADLINE_GRACE_MS) throw new AppError('TIME_UP');
      if (currentPart(s) < part) throw new AppError('NOT_CONFIRMED');
      await routeNextPart(s);
      return { part: currentPart(await requireSession(sessionId)) };
    },

    async confirm(sessionId: string) {
      const s = await requireSession(sessionId);
      // The questionnaire is scored on every statement: a sheet with gaps could never be scored once locked.
      if (
        isPersonalityForm(s.form_version) &&
        s.status === 'active' &&
        (await d.repo.countAnswered(s.id)) < PERSONALITY_QUESTION_COUNT
      ) {
        throw new AppError('ANSWERS_INCOMPLETE');
      }
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
      if (isPersonalityForm(s.form_version)) return personalityOutcome(s);
      if (s.status === 'confirmed') {
        const result = await scoreConfirmed(s);
        const now = d.clock.now();
        const order = result.valid ? newOrder(s, now) : null;
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
          {
            examId: s.exam_id,
            country: s.country,
            iqShown:
              result.valid && 'iq' in result ? shownIq(result as { iq: { iq: number }; iqShown?: number }) : null,
          },
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
      // The free headline: class and puzzles right (below the range, the class under its bound).
      const { classId, correct, total } = freeHeadlineOf(fresh);
      const headline = { classId, correct, total };
      return { outcome: 'order', orderNumber: order.order_number, status: order.status, headline };
    },

    /**
     * The platform's own numbers for the landing page: how many have taken the test (the last 7 days counted
     * by the hour), and per country the mean IQ, only where at least `minCountrySample` people from it were
     * given a number. `n` and the mean describe the same people: a result below the range has no number, so
     * it is in neither (it is in `tested`). Read from running aggregates: the cost does not grow with sessions.
     */
    stats(examId: number): Promise<TExamStats> {
      return d.statsCache.get(`stats:${examId}`, async () => {
        const exam = await d.content.requireExam(examId);
        const now = d.clock.now();
        const s = await d.repo.stats(examId, now - 7 * 86_400_000);
        // Country means are IQ means: an exam without a number has none.
        const countries = (exam.kind === 'iq' ? s.countries : [])
          .filter((c) => c.numbered >= d.minCountrySample && c.numbered > 0)
          .map((c) => ({ country: c.country, n: c.numbered, meanIq: Math.round(c.tenthsSum / c.numbered / 10) }))
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
        // The paid personality profile is read through its own report; this is the IQ report's shape.
        if (isPersonalityForm(s.form_version)) throw new AppError('ORDER_NOT_FOUND');
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
          // The name may come before the serial (the form screen names it; the first download issues it).
          certificate:
            order.certificate_serial || order.certificate_name
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

    /**
     * Each axis' Cronbach's alpha from the stored answer sheets of the most recent scored sessions, once
     * there are `minReliabilitySample` of them (below that the estimate is too unsteady to print: null).
     * Computed at most once per cache period per instance: it reads every answer of those sessions.
     */
    reliability(examId: number): Promise<TPersonalityReliability> {
      return d.statsCache.get(`reliability:${examId}`, async () => {
        const exam = await d.content.requireExam(examId);
        if (exam.kind !== 'personality') throw new AppError('EXAM_NOT_FOUND');
        const [rows, durations] = await Promise.all([
          d.repo.scoredAnswerSheets(examId, RELIABILITY_MAX_SHEETS),
          d.repo.scoredDurations(examId, RELIABILITY_MAX_SHEETS),
        ]);
        const bySession = new Map<string, { item_id: string; choice: number | null }[]>();
        for (const r of rows) bySession.set(r.session_id, [...(bySession.get(r.session_id) ?? []), r]);
        const sheets = [...bySession.values()].map(personalitySheet);
        const enough = sheets.length >= d.minReliabilitySample;
        const axes = enough ? axisReliability(sheets) : null;
        return {
          sampleSize: sheets.length,
          minSample: d.minReliabilitySample,
          axes: AXES.map(({ id }, i) => {
            const alpha = axes?.[i]?.alpha ?? null;
            return { axis: id, alpha: alpha === null ? null : Math.round(alpha * 100) / 100 };
          }),
          // The landing's "how long it takes", measured: the median time from opening to finishing.
          medianSeconds: enough && durations.length > 0 ? Math.round(median(durations) / 1000) : null,
          asOf: iso(d.clock.now()),
        };
      });
    },

    /**
     * A paid personality order's full profile, at the tier bought only (decision 0030): the same access rules
     * as the IQ report; an IQ order is not found here, as a personality order is not found by `orderInfo`.
     */
    async personalityProfile(orderNumber: string, access: ReportAccess, hl?: Locale): Promise<TPersonalityProfile> {
      const { order, session } = await requireReportAccess(
        { repo: d.repo, secret: d.reportLinkSecret, clock: d.clock },
        orderNumber,
        access,
      );
      const [answers, entitlements] = await Promise.all([d.repo.listAnswers(session.id), d.repo.entitlements(order)]);
      return personalityProfileOf(d.translator, order, session, answers, entitlements, hl);
    },

    /** The order's report changed (an extra was bought): the next read builds it again. */
    forgetReport(orderNumber: string): void {
      for (const hl of ['', ...LOCALES]) reportCache.delete(`${orderNumber}:${hl}`);
    },
  };
  return service;
}
export type ExamService = ReturnType<typeof examService>;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** A stored session this build can read: an IQ form version it knows, or the personality questionnaire. */
function isKnownSession(s: { form_version: number }): boolean {
  return isKnownFormVersion(s.form_version) || isPersonalityForm(s.form_version);
}

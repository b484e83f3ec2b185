import { PERSONALITY_EXAM_ID, type TQuestionList } from '@mindgauge/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useNavigate } from 'react-router';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { withKeptQuery } from '../../components/app-link';
import { useOnline } from '../../components/offline-banner';
import { PageTitle } from '../../components/page-title';
import { localeFromRequest, useLocale } from '../../i18n/use-locale';
import { drainAnswers, enqueueAnswer, pendingAnswers, queuedAnswers } from '../../lib/answer-queue';
import { ApiResponseError } from '../../lib/api-client';
import { useErrorMessage } from '../../lib/use-error-message';
import { confirmSheet, personalitySessionQuery, queueOf } from './api/personality-session';
import { LikertStatement } from './components/likert-statement';
import { partCountOf, resumePart, STATEMENTS_PER_PART } from './sheet-parts';
import { personalityTestStartHref } from './test-start';
import '../../styles/personality.css';

/** A finished sheet (locked, scored or refused) continues on the result screen. */
export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  const scope = scopeFromParams(params);
  // Another exam's scope would start that exam's session here: the questionnaire has its own.
  if (scope.examId !== PERSONALITY_EXAM_ID) throw redirect(personalityTestStartHref());
  const session = await queryClient.ensureQueryData(personalitySessionQuery(scope.examId, localeFromRequest(request)));
  if (session.status !== 'active') {
    const href = buildHref('personalityResult', { scope: params.scope as string });
    throw redirect(withKeptQuery(href, new URL(request.url).search));
  }
  return null;
}

interface Measured {
  choice: number | null;
  firstChoiceMs: number | null;
  changes: number;
}

/** The questionnaire: 40 statements in parts of ten, each saved as it is given (offline: queued). */
export function Component() {
  const { t } = useTranslation('personality-test');
  const scope = useScope();
  const locale = useLocale();
  const query = personalitySessionQuery(scope.examId, locale);
  const { data: session } = useSuspenseQuery(query);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const online = useOnline();
  const statements = session.statements;
  const parts = partCountOf(statements.length);

  // The server's answers, overlaid with those still queued on this device (given offline, not yet sent).
  const [answers, setAnswers] = useState<Record<string, Measured>>(() => {
    const merged: Record<string, Measured> = {};
    for (const a of session.answers) merged[a.itemId] = { choice: a.choice, firstChoiceMs: null, changes: 0 };
    for (const q of pendingAnswers(queueOf(session)))
      merged[q.itemId] = { choice: q.choice, firstChoiceMs: q.firstChoiceMs, changes: q.changes };
    return merged;
  });
  const isAnswered = (id: string) => answers[id]?.choice != null;
  const [part, setPart] = useState(() =>
    resumePart(
      statements.map((s) => s.id),
      (id) => answers[id]?.choice != null,
    ),
  );
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [showMissing, setShowMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const partShownAt = useRef(performance.now());
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const answeredCount = statements.filter((s) => isAnswered(s.id)).length;
  const shown = statements.slice(part * STATEMENTS_PER_PART, (part + 1) * STATEMENTS_PER_PART);

  // A new part opens at its top, its heading focused (a screen reader hears where it is).
  useLayoutEffect(() => {
    partShownAt.current = performance.now();
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    heading.current?.focus();
  }, [part]);

  // Answers given offline go out as soon as the connection returns.
  useEffect(() => {
    const key = queueOf(session);
    if (online && queuedAnswers(key) > 0)
      void drainAnswers(key).then((o) => o === 'sent' && setStatus(t('test.saved')));
  }, [online, t, session]);

  function choose(itemId: string, choice: number) {
    const cur = answers[itemId] ?? { choice: null, firstChoiceMs: null, changes: 0 };
    if (cur.choice === choice) return;
    const elapsed = Math.round(performance.now() - partShownAt.current);
    const next: Measured = {
      choice,
      firstChoiceMs: cur.firstChoiceMs ?? elapsed,
      changes: cur.choice === null ? cur.changes : cur.changes + 1,
    };
    setAnswers((a) => ({ ...a, [itemId]: next }));
    setStatus(t('test.saving'));
    enqueueAnswer(queueOf(session), {
      examId: session.examId,
      itemId,
      choice,
      timeMs: elapsed,
      firstChoiceMs: next.firstChoiceMs,
      changes: next.changes,
      focusLosses: 0,
    });
    void drainAnswers(queueOf(session), (err) => setError(errorMessage(err))).then((outcome) => {
      setStatus(outcome === 'offline' ? t('test.queued') : outcome === 'sent' ? t('test.saved') : '');
    });
  }

  function goToPart(next: number) {
    setError('');
    setShowMissing(false);
    setPart(next);
  }

  async function finish() {
    const missing = statements.filter((s) => !isAnswered(s.id));
    if (missing.length > 0) {
      setShowMissing(true);
      setError(t('test.missing', { n: missing.length }));
      const first = missing[0] as (typeof missing)[number];
      const firstPart = Math.floor(statements.indexOf(first) / STATEMENTS_PER_PART);
      if (firstPart !== part) setPart(firstPart);
      requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`#statement-${first.id} input`)?.focus());
      return;
    }
    setBusy(true);
    setError('');
    const drained = await drainAnswers(queueOf(session));
    if (drained === 'offline') {
      setBusy(false);
      setError(t('test.queued'));
      return;
    }
    try {
      await confirmSheet(session.examId);
    } catch (err) {
      // Locked already (another tab, a retried click): carry on to the result.
      if (!(err instanceof ApiResponseError && err.body?.code === 'SESSION_LOCKED')) {
        setBusy(false);
        setError(errorMessage(err));
        return;
      }
    }
    queryClient.setQueryData<TQuestionList>(query.queryKey, (s) => (s ? { ...s, status: 'confirmed' } : s));
    navigate(withKeptQuery(buildHref('personalityResult', { scope: scope.value }), location.search));
  }

  const last = part === parts - 1;
  return (
    <div className="container page personality-test">
      <PageTitle title={`${t('meta.testTitle')} · ${t('test.part', { part: part + 1, parts })}`} />
      <header className="personality-test__head">
        <p className="eyebrow">{t('test.title')}</p>
        <h1 ref={heading} tabIndex={-1}>
          {t('test.part', { part: part + 1, parts })}
        </h1>
        {part === 0 ? <p className="lead">{t('test.intro')}</p> : null}
        <div className="personality-test__progress">
          <span id="personality-progress">
            {t('test.progress', { answered: answeredCount, total: statements.length })}
          </span>
          <progress max={statements.length} value={answeredCount} aria-labelledby="personality-progress" />
        </div>
      </header>

      <div className="personality-test__statements">
        {shown.map((s) => (
          <LikertStatement
            key={s.id}
            id={s.id}
            number={s.index + 1}
            text={s.text}
            value={answers[s.id]?.choice ?? null}
            missing={showMissing && !isAnswered(s.id)}
            onChoose={(choice) => choose(s.id, choice)}
          />
        ))}
      </div>

      <p className="test-screen__status" role="status" aria-live="polite">
        {status}
      </p>
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}

      <div className="test-nav">
        <button
          type="button"
          className="button button--ghost"
          disabled={part === 0 || busy}
          onClick={() => goToPart(part - 1)}
        >
          {t('test.previous')}
        </button>
        {last ? (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={finish}
          >
            {busy ? t('test.finishing') : t('test.finish')}
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={() => goToPart(part + 1)}>
            {t('test.next')}
          </button>
        )}
      </div>
    </div>
  );
}

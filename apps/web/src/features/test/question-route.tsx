import type { TQuestionList } from '@mindgauge/contract';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useNavigate } from 'react-router';
import { useAppState } from '../../app/app-state';
import { buildHref } from '../../app/paths';
import type { ScreenContext } from '../../app/screens';
import { withKeptQuery } from '../../components/app-link';
import { MatrixGrid } from '../../components/matrix-grid';
import { useOnline } from '../../components/offline-banner';
import { PageTitle } from '../../components/page-title';
import { afterNextPaint } from '../../lib/after-next-paint';
import { drainAnswers, enqueueAnswer, queuedAnswers } from '../../lib/answer-queue';
import { ApiResponseError } from '../../lib/api-client';
import { useErrorMessage } from '../../lib/use-error-message';
import { usePaintedValue } from '../../lib/use-painted-value';
import { confirmSession } from './api/confirm-session';
import { refetchSession } from './api/get-question-list';
import { nextPart } from './api/next-part';
import { ConfirmPanel } from './components/confirm-panel';
import { Countdown } from './components/countdown';
import { OptionGroup } from './components/option-group';
import { hasPassedPractice } from './practice-gate';
import { EMPTY_PROGRESS, type ItemProgress, readProgress, withChoice, writeProgress } from './progress';
import { continueHref, loadSession, localSessionKey, useTestSession } from './session-routing';

export async function loader(args: LoaderFunctionArgs, ctx: ScreenContext) {
  // Without the instructions and the practice, asking for the session would start one (and its clock).
  if (!hasPassedPractice()) {
    const search = new URL(args.request.url).search;
    throw redirect(withKeptQuery(buildHref('answerStartLoading', { scope: args.params.scope as string }), search));
  }
  const session = await loadSession(args, ctx);
  if (session.status !== 'active') {
    throw redirect(withKeptQuery(continueHref(session, args.params.scope as string), new URL(args.request.url).search));
  }
  return null;
}

/** Each option's accessible name, from its SVG <title>. */
function optionNamesOf(options: readonly string[]): string[] {
  return options.map((svg) => /<title>([^<]*)<\/title>/.exec(svg)?.[1] ?? '');
}

type TQuestion = TQuestionList['questions'][number];

/**
 * One puzzle's matrix and options. Memoised: NEXT only flips the panes' `hidden`, so neither the puzzle
 * left nor the one shown is rendered again (issue 14: the next matrix within one frame on a slow phone).
 */
const PaneContent = memo(function PaneContent({
  question,
  label,
  value,
  onChoose,
}: {
  question: TQuestion;
  label: string;
  value: number | null;
  onChoose: (choice: number) => void;
}) {
  const names = useMemo(() => optionNamesOf(question.options), [question.options]);
  return (
    <>
      <MatrixGrid context={question.context} number={question.index + 1} />
      <OptionGroup label={label} options={question.options} names={names} value={value} onChoose={onChoose} />
    </>
  );
});

const MILESTONES: Record<number, 'milestone5' | 'milestone15' | 'milestone25'> = {
  5: 'milestone5',
  15: 'milestone15',
  25: 'milestone25',
};

/** The question screen: matrix, six options, timer, progress, NEXT; confirmation after the last puzzle. */
export function Component() {
  const { t } = useTranslation('test');
  const { scope, locale, session, queryKey } = useTestSession();
  const sessionKey = localSessionKey(session);
  const examId = session.examId;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const online = useOnline();
  // The whole test's length; a routed test holds only the parts given so far (earlier parts are final).
  const total = session.questionCount;
  const served = session.questions.length;
  const firstOfPart = Math.max(
    0,
    session.questions.findIndex((q) => q.part === session.part),
  );
  const lastPart = session.part >= session.partCount;
  const setAppState = useAppState((s) => s.set);
  const page = useAppState((s) => s.questionPageNumber);

  // Server answers, overlaid with what this tab measured and may not have sent yet.
  const [progress, setProgress] = useState<Record<string, ItemProgress>>(() => {
    const local = readProgress(sessionKey);
    const merged: Record<string, ItemProgress> = {};
    for (const a of session.answers) merged[a.itemId] = { ...EMPTY_PROGRESS, choice: a.choice };
    return { ...merged, ...local };
  });
  const firstUnanswered = session.questions.findIndex((q) => progress[q.id]?.choice == null);
  const [index, setIndex] = useState(() =>
    Math.min(Math.max(firstOfPart, page || (firstUnanswered === -1 ? 0 : firstUnanswered)), served - 1),
  );
  const [mode, setMode] = useState<'question' | 'interlude' | 'confirm' | 'partEnd'>('question');
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  // Once the server's deadline passes nothing can change: the confirmation says so and offers no editing.
  const [timeUp, setTimeUp] = useState(false);
  const shownAt = useRef(performance.now());
  const offsetMs = useMemo(() => new Date(session.serverNow).getTime() - Date.now(), [session.serverNow]);
  const deadline = new Date(session.deadline).getTime();
  const question = session.questions[index]!;
  const answered = session.questions.filter((q) => progress[q.id]?.choice != null).length;

  useEffect(() => setAppState({ questionPageNumber: index }), [index, setAppState]);

  // Events read and write progress through this ref, so timing and saving happen in the handlers, never
  // inside React's state updaters (which must stay pure).
  const progressRef = useRef(progress);
  const commit = useCallback((next: Record<string, ItemProgress>) => {
    progressRef.current = next;
    setProgress(next);
  }, []);

  /** Folds the time spent on the current item since it was shown into its progress. */
  const settleCurrent = useCallback((): ItemProgress => {
    const now = performance.now();
    const elapsed = now - shownAt.current;
    shownAt.current = now;
    const cur = progressRef.current[question.id] ?? EMPTY_PROGRESS;
    const settled = { ...cur, timeMs: Math.round(cur.timeMs + elapsed) };
    commit({ ...progressRef.current, [question.id]: settled });
    return settled;
  }, [question.id, commit]);

  /** Sends what the queue holds (this answer and any left from a lost connection). */
  const drain = useCallback(() => {
    void drainAnswers({ examId, session: sessionKey }, (err) => setError(errorMessage(err))).then((outcome) => {
      setStatus(outcome === 'offline' ? t('question.queued') : outcome === 'sent' ? t('question.saved') : '');
    });
  }, [examId, sessionKey, errorMessage, t]);

  const send = useCallback(
    (itemId: string, p: ItemProgress) => {
      enqueueAnswer({ examId, session: sessionKey }, { itemId, ...p });
      drain();
    },
    [examId, sessionKey, drain],
  );

  useEffect(() => writeProgress(sessionKey, progress), [sessionKey, progress]);

  // Answers given offline go out as soon as the connection returns.
  useEffect(() => {
    if (online && queuedAnswers({ examId, session: sessionKey }))
      void drainAnswers({ examId, session: sessionKey }).then((o) => o === 'sent' && setStatus(t('question.saved')));
  }, [online, examId, sessionKey, t]);

  // A hidden tab is a focus loss: recorded on the current item for the concentration measure.
  useLayoutEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState !== 'hidden') return;
      const settled = settleCurrent();
      const updated = { ...settled, focusLosses: settled.focusLosses + 1 };
      commit({ ...progressRef.current, [question.id]: updated });
      send(question.id, updated);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [question.id, settleCurrent, commit, send]);

  // The panes get one stable handler (so they skip re-rendering); it calls this render's `choose`.
  const chooseRef = useRef<(choice: number) => void>(() => undefined);
  const onChoose = useCallback((choice: number) => chooseRef.current(choice), []);

  function choose(choice: number) {
    const elapsed = performance.now() - shownAt.current;
    const cur = progressRef.current[question.id] ?? EMPTY_PROGRESS;
    const updated = withChoice(cur, choice, elapsed);
    if (updated === cur) return;
    commit({ ...progressRef.current, [question.id]: updated });
    setStatus(t('question.saving'));
    send(question.id, updated);
  }

  chooseRef.current = choose;

  function goTo(next: number) {
    const settled = settleCurrent();
    if (settled.choice !== null) {
      // Queued now (a refresh loses nothing), sent once the next puzzle is painted: the request's work
      // stays out of the click's frame.
      enqueueAnswer({ examId, session: sessionKey }, { itemId: question.id, ...settled });
      afterNextPaint(drain);
    }
    setError('');
    setIndex(next);
  }

  function onNext() {
    if (index === served - 1) {
      goTo(index);
      setMode(lastPart ? 'confirm' : 'partEnd');
      return;
    }
    const nextPart = session.questions[index + 1]?.part;
    goTo(index + 1);
    if (nextPart !== question.part) setMode('interlude');
  }

  /** Starts the next part: the answers so far are sent, the server routes and gives the next part. */
  async function onStartNextPart() {
    setConfirming(true);
    setError('');
    const drained = await drainAnswers({ examId, session: sessionKey });
    if (drained === 'offline') {
      setConfirming(false);
      setError(t('question.queued'));
      return;
    }
    try {
      await nextPart(session.part);
      const fresh = await refetchSession(scope.examId, locale);
      queryClient.setQueryData<TQuestionList>(queryKey, fresh);
      const first = fresh.questions.findIndex((q) => q.part === fresh.part);
      setIndex(Math.max(0, first));
      setMode('interlude');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setConfirming(false);
    }
  }

  async function onConfirm() {
    setConfirming(true);
    setError('');
    const drained = await drainAnswers({ examId, session: sessionKey });
    if (drained === 'offline') {
      setConfirming(false);
      setError(t('question.queued'));
      return;
    }
    try {
      await confirmSession();
    } catch (err) {
      // Confirmed already (another tab, a retried click): carry on to the result.
      if (!(err instanceof ApiResponseError && err.body?.code === 'SESSION_LOCKED')) {
        setConfirming(false);
        setError(errorMessage(err));
        return;
      }
    }
    queryClient.setQueryData<TQuestionList>(queryKey, (s) => (s ? { ...s, status: 'confirmed' } : s));
    setAppState({ questionPageNumber: 0 });
    navigate(withKeptQuery(buildHref('answerLoading', { scope: scope.value }), location.search));
  }

  // The next matrix is already in memory: painting it needs no network. Each puzzle opens at its top (on a
  // short screen the previous one may have been scrolled down to its options).
  useEffect(() => {
    shownAt.current = performance.now();
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [index]);

  const milestone = MILESTONES[answered];
  // The upcoming question is drawn ahead, hidden, once the current one is painted: NEXT then only reveals
  // DOM that is already parsed, so the new matrix paints in the frame of the click.
  const deferredIndex = usePaintedValue(index);
  const upcoming = session.questions[deferredIndex + 1];
  const panes = upcoming && upcoming.id !== question.id ? [question, upcoming] : [question];

  if (mode === 'partEnd') {
    const next = session.part + 1;
    return (
      <section className="container page page--narrow test-interlude" aria-labelledby="part-end-title">
        <PageTitle title={t('parts.endTitle', { part: session.part })} />
        <h1 id="part-end-title" tabIndex={-1} ref={(el) => el?.focus()}>
          {t('parts.endTitle', { part: session.part })}
        </h1>
        <p>{t('parts.endBody', { part: session.part, next })}</p>
        {error ? (
          <p className="form__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="button-row">
          <button
            type="button"
            className="button button--secondary"
            disabled={confirming}
            onClick={() => {
              setIndex(firstOfPart);
              setMode('question');
            }}
          >
            {t('parts.review', { part: session.part })}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={confirming}
            aria-busy={confirming || undefined}
            onClick={onStartNextPart}
          >
            {confirming ? t('parts.starting', { next }) : t('parts.start', { next })}
          </button>
        </div>
      </section>
    );
  }

  if (mode === 'confirm') {
    // Only the part in progress can still be edited: earlier parts' answers are final.
    return (
      <ConfirmPanel
        questions={session.questions.slice(firstOfPart)}
        firstNumber={firstOfPart + 1}
        answeredInTest={session.questions.filter((q) => progress[q.id]?.choice != null).length}
        testLength={total}
        progress={progress}
        busy={confirming}
        timeUp={timeUp}
        error={error}
        onConfirm={onConfirm}
        onEdit={(i) => {
          setIndex(firstOfPart + i);
          setMode('question');
        }}
      />
    );
  }

  if (mode === 'interlude') {
    return (
      <section className="container page page--narrow test-interlude" aria-labelledby="interlude-title">
        <PageTitle title={t('question.part', { part: question.part })} />
        <p className="eyebrow">{t('question.part', { part: question.part })}</p>
        <h1 id="interlude-title" tabIndex={-1} ref={(el) => el?.focus()}>
          {question.part === 2 ? t('question.part1Done') : t('question.part2Done')}
        </h1>
        <button type="button" className="button button--primary button--large" onClick={() => setMode('question')}>
          {t('question.continue')}
        </button>
      </section>
    );
  }

  const current = progress[question.id]?.choice ?? null;
  return (
    <div className="container test-screen">
      <PageTitle title={t('question.progressLabel', { current: index + 1, total })} />
      <div className="test-bar">
        <div className="test-bar__progress">
          <span className="test-bar__part">{t('question.part', { part: question.part })}</span>
          <span className="test-bar__count" aria-hidden="true">
            {t('question.progress', { current: index + 1, total })}
          </span>
          <progress
            max={total}
            value={answered}
            aria-label={t('question.progressLabel', { current: index + 1, total })}
          />
        </div>
        <Countdown
          deadline={deadline}
          offsetMs={offsetMs}
          onExpire={() => {
            goTo(index);
            setTimeUp(true);
            setMode('confirm');
          }}
        />
      </div>

      <h1 className="test-screen__title">
        <span className="visually-hidden">{t('question.progressLabel', { current: index + 1, total })}. </span>
        {t('question.instruction')}
      </h1>
      <div className="question-stage">
        {panes.map((q) => (
          <div key={q.id} className="question-pane" hidden={q.id !== question.id}>
            <PaneContent
              question={q}
              label={t('question.optionsLabel')}
              value={progress[q.id]?.choice ?? null}
              onChoose={onChoose}
            />
          </div>
        ))}
      </div>

      <p className="test-screen__status" role="status" aria-live="polite">
        {milestone && current !== null ? t(`question.${milestone}`) : status}
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
          onClick={() => goTo(index - 1)}
          disabled={index <= firstOfPart}
        >
          {t('question.previous')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            goTo(index);
            setMode(lastPart ? 'confirm' : 'partEnd');
          }}
        >
          {t('question.review')}
        </button>
        <button type="button" className="button button--primary test-nav__next" onClick={onNext}>
          {t('question.next')}
        </button>
      </div>
    </div>
  );
}

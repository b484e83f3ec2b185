import type { TAnswerCheck, TMemberPuzzle } from '@mindgauge/contract';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MatrixGrid } from '../../../components/matrix-grid';
import { useErrorMessage } from '../../../lib/use-error-message';

const letter = (i: number) => String.fromCharCode(65 + i);

interface Props {
  puzzles: readonly TMemberPuzzle[];
  /** Answers already given (a training set opened again). */
  initialChecks?: readonly TAnswerCheck[];
  /** Sends an answer; resolves with its check (the answer key never reaches the page before this). */
  answer: (index: number, choice: number, timeMs: number) => Promise<TAnswerCheck>;
  /** Every puzzle answered. */
  onFinished?: (checks: TAnswerCheck[]) => void;
  /**
   * The quiz replaces the button that started it: its first heading takes the focus (else the focus falls to
   * the page's start, and on a short screen the puzzle stays below the fold).
   */
  focusOnStart?: boolean;
}

/**
 * One puzzle at a time: choose an option, then see whether it was right, which option was, and the rules
 * that make it right. Untimed; the time to each answer is measured only for the training's progress chart.
 */
export function PuzzleQuiz({ puzzles, initialChecks = [], answer, onFinished, focusOnStart = false }: Props) {
  const { t } = useTranslation('members');
  const errorMessage = useErrorMessage();
  const [checks, setChecks] = useState(() => new Map(initialChecks.map((c) => [c.index, c])));
  const firstOpen = puzzles.findIndex((p) => !checks.has(p.index));
  const [current, setCurrent] = useState(firstOpen === -1 ? puzzles.length : firstOpen);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shownAt = useRef(performance.now());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const puzzle = puzzles[current];
  const check = puzzle ? checks.get(puzzle.index) : undefined;

  useEffect(() => {
    shownAt.current = performance.now();
  }, [current]);
  // After an answer the focus goes to "next", so a keyboard user hears the verdict and moves on; after "next"
  // it goes to the new puzzle's heading. Both move in the same task as the change they follow (a layout
  // effect): a focus moved a frame later could land after the visitor's next key, and take that key away.
  const movedOn = useRef(focusOnStart);
  useLayoutEffect(() => {
    if (check) nextRef.current?.focus();
  }, [check]);
  useLayoutEffect(() => {
    if (!movedOn.current) return;
    // The new puzzle from its heading down, not just its heading at the screen's bottom edge.
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [current]);

  async function choose(choice: number) {
    if (!puzzle || busy || check) return;
    setBusy(true);
    setError(null);
    try {
      const c = await answer(puzzle.index, choice, Math.round(performance.now() - shownAt.current));
      setChecks((m) => new Map(m).set(c.index, c));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  function next() {
    const after = current + 1;
    movedOn.current = true;
    setCurrent(after);
    if (after >= puzzles.length) onFinished?.([...checks.values()]);
  }

  if (!puzzle) {
    const right = [...checks.values()].filter((c) => c.correct).length;
    return (
      <section className="card members-quiz" aria-live="polite">
        <h2>{t('quiz.doneTitle')}</h2>
        <p data-testid="quiz-score">{t('quiz.doneScore', { correct: right, total: puzzles.length })}</p>
      </section>
    );
  }

  return (
    <section className="card members-quiz" aria-labelledby="quiz-title">
      <h2 id="quiz-title" ref={headingRef} tabIndex={-1}>
        {t('quiz.progress', { number: current + 1, total: puzzles.length })}
      </h2>
      <MatrixGrid context={puzzle.context} number={current + 1} />
      <fieldset className="members-quiz__options" disabled={busy || check !== undefined}>
        <legend>{t('quiz.choose')}</legend>
        {puzzle.options.map((svg, i) => (
          <button
            key={i}
            type="button"
            className="members-quiz__option"
            data-correct={check && i === check.answerIndex ? true : undefined}
            data-chosen={check && i === check.choice ? true : undefined}
            aria-label={t('quiz.option', { letter: letter(i) })}
            onClick={() => choose(i)}
          >
            {/* The drawings come from our own engine (presentation attributes only, no script). */}
            <span className="members-quiz__svg" aria-hidden="true" dangerouslySetInnerHTML={{ __html: svg }} />
            <span className="members-quiz__letter" aria-hidden="true">
              {letter(i)}
            </span>
          </button>
        ))}
      </fieldset>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      <div aria-live="polite" data-testid="quiz-check">
        {check ? (
          <div className="members-quiz__check">
            <p className={check.correct ? 'members-quiz__verdict--right' : 'members-quiz__verdict--wrong'}>
              <strong>
                {check.correct
                  ? t('quiz.right', { letter: letter(check.answerIndex) })
                  : t('quiz.wrong', { letter: letter(check.answerIndex), yours: letter(check.choice) })}
              </strong>
            </p>
            <h3>{t('quiz.rulesTitle')}</h3>
            <ul>
              {check.explanations.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
            <button type="button" className="button button--primary" ref={nextRef} onClick={next}>
              {current + 1 < puzzles.length ? t('quiz.next') : t('quiz.finish')}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

import type { TMemberResult } from '@mindgauge/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { scopeFromParams } from '../../app/scope-from-params';
import { useErrorMessage } from '../../lib/use-error-message';
import { overviewQuery, startMemory, submitMemory } from './api/members-api';
import { MembersShell } from './components/members-shell';
import { moveOnGrid, nextLength } from './corsi-protocol';

export function loader({ params }: LoaderFunctionArgs) {
  scopeFromParams(params);
  return null;
}

/** How long a block stays lit, and the gap before the next (Kessels et al. 2000 used one block a second). */
const LIT_MS = 700;
const GAP_MS = 300;

type Phase = 'intro' | 'showing' | 'input' | 'sending' | 'done';

/**
 * Free test 2: the spatial span (Corsi block tapping, forward). Blocks light up one after another; the
 * member taps them in the same order, with the mouse, a finger, or the arrow keys and Enter.
 */
export function Component() {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [phase, setPhase] = useState<Phase>('intro');
  const [attempt, setAttempt] = useState<{ attemptId: string; sequences: number[][][] } | null>(null);
  const [outcomes, setOutcomes] = useState<{ length: number; correct: boolean }[]>([]);
  const [responses, setResponses] = useState<number[][]>([]);
  const [taps, setTaps] = useState<number[]>([]);
  const [lit, setLit] = useState<number | null>(null);
  const [focus, setFocus] = useState(4);
  const [announce, setAnnounce] = useState('');
  const [result, setResult] = useState<TMemberResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const blocks = useRef<(HTMLButtonElement | null)[]>([]);
  const grid = useRef<HTMLDivElement>(null);

  const length = nextLength(outcomes);
  const sequence =
    attempt && length !== null
      ? attempt.sequences[length - 2]?.[outcomes.filter((o) => o.length === length).length]
      : undefined;
  const blockName = (b: number) => t('memory.block', { row: Math.floor(b / 3) + 1, column: (b % 3) + 1 });

  // Shows the sequence: one block lit at a time, each also announced for a screen reader.
  useEffect(() => {
    if (phase !== 'showing' || !sequence) return;
    let step = 0;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      if (step >= sequence.length) {
        setLit(null);
        setAnnounce(t('memory.yourTurn', { length: sequence.length }));
        setPhase('input');
        return;
      }
      const b = sequence[step] as number;
      setLit(b);
      setAnnounce(blockName(b));
      step++;
      timer = setTimeout(() => {
        setLit(null);
        timer = setTimeout(tick, GAP_MS);
      }, LIT_MS);
    };
    timer = setTimeout(tick, 600);
    return () => clearTimeout(timer);
    // blockName and t are stable for the run; the sequence starts when the phase says so.
  }, [phase, sequence]);

  // The whole grid in view before the first square lights (it opens below the instructions, and on a phone on
  // its side its last row was off the screen, so part of the sequence went unseen).
  useLayoutEffect(() => {
    if (phase === 'showing') grid.current?.scrollIntoView({ block: 'center', behavior: 'instant' });
  }, [phase]);

  useLayoutEffect(() => {
    if (phase === 'input') blocks.current[focus]?.focus();
    // Only when the member's turn begins.
  }, [phase]);

  async function start() {
    setError(null);
    try {
      setAttempt(await startMemory());
      setOutcomes([]);
      setResponses([]);
      setTaps([]);
      setResult(null);
      setPhase('showing');
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  async function finish(all: number[][]) {
    if (!attempt) return;
    setPhase('sending');
    try {
      const r = await submitMemory(attempt.attemptId, all);
      setResult(r);
      setPhase('done');
      if (r.result.task === 'memory') setAnnounce(t('memory.result', { span: r.result.span }));
      await queryClient.invalidateQueries({ queryKey: overviewQuery().queryKey });
    } catch (err) {
      setError(errorMessage(err));
      setPhase('intro');
    }
  }

  function tap(b: number) {
    if (phase !== 'input' || !sequence) return;
    const next = [...taps, b];
    setTaps(next);
    setAnnounce(t('memory.tapped', { block: blockName(b), number: next.length, total: sequence.length }));
    if (next.length < sequence.length) return;
    const correct = next.every((v, i) => v === sequence[i]);
    const all = [...responses, next];
    const done = [...outcomes, { length: sequence.length, correct }];
    setResponses(all);
    setOutcomes(done);
    setTaps([]);
    if (nextLength(done) === null) void finish(all);
    else {
      setAnnounce(correct ? t('memory.trialRight') : t('memory.trialWrong'));
      setPhase('showing');
    }
  }

  function onKey(e: React.KeyboardEvent, index: number) {
    const to = moveOnGrid(index, e.key);
    if (to !== index) {
      e.preventDefault();
      setFocus(to);
      blocks.current[to]?.focus();
    }
  }

  return (
    <MembersShell title={t('tests.memory.name')}>
      <p>{t('tests.memory.what')}</p>
      <p>{t('memory.how')}</p>
      <p className="meta">{t('memory.sightNote')}</p>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="assertive" data-testid="memory-announce">
        {announce}
      </p>
      {phase === 'intro' || phase === 'done' ? (
        <button type="button" className="button button--primary" onClick={start}>
          {phase === 'done' ? t('tests.retake') : t('memory.start')}
        </button>
      ) : (
        <p className="meta" data-testid="memory-status" data-phase={phase}>
          {phase === 'showing'
            ? t('memory.watch', { length: sequence?.length ?? 0 })
            : t('memory.repeat', { done: taps.length, total: sequence?.length ?? 0 })}
        </p>
      )}
      {phase !== 'intro' && phase !== 'done' ? (
        // biome-ignore lint/a11y/useSemanticElements: a 3 × 3 group of buttons moved through with the arrow keys
        <div ref={grid} className="corsi-grid" role="group" aria-label={t('memory.gridLabel')}>
          {Array.from({ length: 9 }, (_, b) => (
            <button
              key={b}
              ref={(el) => {
                blocks.current[b] = el;
              }}
              type="button"
              className="corsi-grid__block"
              data-lit={lit === b || undefined}
              data-index={b}
              tabIndex={b === focus ? 0 : -1}
              aria-disabled={phase !== 'input'}
              aria-label={blockName(b)}
              onFocus={() => setFocus(b)}
              onKeyDown={(e) => onKey(e, b)}
              onClick={() => tap(b)}
            />
          ))}
        </div>
      ) : null}
      {result && result.result.task === 'memory' ? (
        <section className="card members-result" aria-labelledby="memory-result-title">
          <h2 id="memory-result-title">{t('memory.resultTitle')}</h2>
          <p data-testid="memory-span">{t('memory.result', { span: result.result.span })}</p>
          <p>{t('memory.meaning')}</p>
        </section>
      ) : null}
    </MembersShell>
  );
}

import type { TMemberResult } from '@mindgauge/contract';
import { REACTION_RULES } from '@mindgauge/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { scopeFromParams } from '../../app/scope-from-params';
import { useErrorMessage } from '../../lib/use-error-message';
import { overviewQuery, submitReaction } from './api/members-api';
import { MembersShell } from './components/members-shell';
import { startRun } from './reaction-run';

export function loader({ params }: LoaderFunctionArgs) {
  scopeFromParams(params);
  return null;
}

/** Trials per run: the minimum of 20 plus a few, since anticipations and lapses are set aside. */
const TRIALS = 24;
const LEFT_KEYS = new Set(['f', 'F', 'ArrowLeft']);
const RIGHT_KEYS = new Set(['j', 'J', 'ArrowRight']);

type Mode = 'simple' | 'choice';

/** Free test 3: simple and choice reaction time, keyboard, mouse or touch. */
export function Component() {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [mode, setMode] = useState<Mode | null>(null);
  const [count, setCount] = useState(0);
  const [message, setMessage] = useState('');
  const [result, setResult] = useState<TMemberResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const signal = useRef<HTMLDivElement>(null);
  const run = useRef<ReturnType<typeof startRun> | null>(null);
  const area = useRef<HTMLDivElement>(null);

  useEffect(() => () => run.current?.stop(), []);

  function begin(m: Mode) {
    setMode(m);
    setCount(0);
    setResult(null);
    setError(null);
    setMessage(t('reaction.started'));
    requestAnimationFrame(() => area.current?.focus());
    run.current = startRun({
      mode: m,
      trials: TRIALS,
      // The signal is drawn directly (not through React) so its frame is the one timed.
      show: (side) => {
        const el = signal.current;
        if (!el) return;
        el.dataset.side = side === null || m === 'simple' ? '' : String(side);
        el.dataset.on = side === null ? 'false' : 'true';
      },
      onTrial: (n, trial, early) => {
        setCount(n);
        setMessage(
          early
            ? t('reaction.early')
            : trial.rtMs === null
              ? t('reaction.missed')
              : m === 'choice' && !trial.correct
                ? t('reaction.wrongKey')
                : t('reaction.time', { ms: Math.round(trial.rtMs) }),
        );
      },
      onDone: async (trials) => {
        run.current = null;
        try {
          const r = await submitReaction(m, trials);
          setResult(r);
          setMode(null);
          await queryClient.invalidateQueries({ queryKey: overviewQuery().queryKey });
        } catch (err) {
          setError(errorMessage(err));
          setMode(null);
        }
      },
    });
  }

  function onKeyDown(e: React.KeyboardEvent) {
    if (!run.current || !mode || e.repeat) return;
    if (mode === 'simple' && (e.key === ' ' || e.key === 'Enter')) {
      e.preventDefault();
      run.current.respond(e.timeStamp, 0);
    } else if (mode === 'choice' && (LEFT_KEYS.has(e.key) || RIGHT_KEYS.has(e.key))) {
      e.preventDefault();
      run.current.respond(e.timeStamp, LEFT_KEYS.has(e.key) ? 0 : 1);
    }
  }

  const r = result?.result.task === 'reaction' ? result.result : null;
  return (
    <MembersShell title={t('tests.reaction.name')}>
      <p>{t('tests.reaction.what')}</p>
      <p className="meta">{t('reaction.deviceNote')}</p>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      {mode === null ? (
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => begin('simple')}>
            {t('reaction.startSimple')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => begin('choice')}>
            {t('reaction.startChoice')}
          </button>
        </div>
      ) : (
        <>
          <p>{mode === 'simple' ? t('reaction.howSimple') : t('reaction.howChoice')}</p>
          <div
            ref={area}
            className="reaction-area"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the run's keys are read while this area has the focus
            tabIndex={0}
            role="application"
            aria-label={mode === 'simple' ? t('reaction.areaSimple') : t('reaction.areaChoice')}
            onKeyDown={onKeyDown}
            onPointerDown={(e) => {
              if (!run.current) return;
              const rect = e.currentTarget.getBoundingClientRect();
              run.current.respond(e.timeStamp, e.clientX < rect.left + rect.width / 2 ? 0 : 1);
            }}
          >
            <div ref={signal} className="reaction-signal" data-on="false" data-side="" data-testid="reaction-signal" />
          </div>
          <p data-testid="reaction-count">{t('reaction.count', { done: count, total: TRIALS })}</p>
          <p className="visually-hidden" aria-live="polite">
            {message}
          </p>
        </>
      )}
      {r ? (
        <section className="card members-result" aria-labelledby="reaction-result-title" role="status">
          <h2 id="reaction-result-title">{t('reaction.resultTitle')}</h2>
          <p data-testid="reaction-median">
            {r.medianMs === null
              ? t('reaction.tooFew', { kept: r.kept, min: 10 })
              : t(r.mode === 'simple' ? 'reaction.resultSimple' : 'reaction.resultChoice', {
                  median: Math.round(r.medianMs),
                  spread: Math.round(r.spreadMs ?? 0),
                })}
          </p>
          <p>
            {t('reaction.setAside', {
              anticipations: r.anticipations,
              lapses: r.lapses,
              errors: r.errors,
              kept: r.kept,
              trials: r.trials,
              minMs: REACTION_RULES.anticipationMs,
              maxMs: REACTION_RULES.lapseMs,
            })}
          </p>
          <p className="meta">{t('reaction.meaning')}</p>
        </section>
      ) : null}
    </MembersShell>
  );
}

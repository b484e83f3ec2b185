import { useTranslation } from 'react-i18next';
import { useLoaderData, useRevalidator } from 'react-router';
import { ApiResponseError } from '../lib/api-client';
import { PageTitle } from './page-title';

export type Loaded<T> = ({ loadFailed: false } & T) | { loadFailed: true };

function isRoutingSignal(err: unknown): boolean {
  if (err instanceof Response) return true; // redirect()
  if (err instanceof ApiResponseError && err.status === 404) return true; // unknown order or tier: 404 page
  return typeof err === 'object' && err !== null && (err as { type?: unknown }).type === 'DataWithResponseInit';
}

/**
 * Runs a checkout loader. Redirects and 404s pass through to the router; any other failure (network, server
 * error) is answered by the spec's "Load failed. Please retry." with a retry button, not a dead end.
 */
export async function guardLoad<T extends object>(load: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ...(await load()), loadFailed: false };
  } catch (err) {
    if (isRoutingSignal(err)) throw err;
    if (!(err instanceof ApiResponseError) || err.status >= 500) console.error(err);
    return { loadFailed: true };
  }
}

/** The screen of a failed checkout load: the message and a retry that runs the loader again. */
export function LoadFailed() {
  const { t } = useTranslation(['common', 'errors']);
  const revalidator = useRevalidator();
  const busy = revalidator.state !== 'idle';
  return (
    <section className="status-screen container load-failed" aria-labelledby="load-failed-title">
      <PageTitle title={t('errors:loadFailed')} />
      <h1 id="load-failed-title">{t('errors:loadFailed')}</h1>
      <button
        type="button"
        className="button button--primary"
        onClick={() => revalidator.revalidate()}
        disabled={busy}
        aria-busy={busy}
      >
        {t('actions.retry')}
      </button>
    </section>
  );
}

/** A route's Component: the screen with its loader's data, or the load-failed screen. */
export function guarded<T extends object>(Screen: (props: { data: T }) => React.ReactNode) {
  return function GuardedScreen() {
    const state = useLoaderData() as Loaded<T> | null;
    if (!state || state.loadFailed) return <LoadFailed />;
    return <Screen data={state} />;
  };
}

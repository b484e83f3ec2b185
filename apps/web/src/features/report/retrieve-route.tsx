import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { useAppState } from '../../app/app-state';
import { scopeFromParams } from '../../app/scope-from-params';
import { EmailField, emailErrorKey } from '../../components/email-field';
import { PageTitle } from '../../components/page-title';
import { useLocale } from '../../i18n/use-locale';
import { useErrorMessage } from '../../lib/use-error-message';
import { useRetrieveReports } from './api/retrieve-reports';

export function loader({ params }: LoaderFunctionArgs) {
  scopeFromParams(params);
  return null;
}

type Outcome = { kind: 'sent'; email: string; count: number } | { kind: 'failed'; reason: string };

/** Retrieve report by e-mail: every paid report of the address arrives as a link in one message. */
export function Component() {
  const { t } = useTranslation(['report', 'common']);
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const [email, setEmail] = useState(() => useAppState.getState().email);
  const [error, setError] = useState<string>();
  const retrieve = useRetrieveReports();
  const busy = retrieve.isPending;
  const [outcome, setOutcome] = useState<Outcome>();
  const status = useRef<HTMLDivElement>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    const key = emailErrorKey(value);
    const invalid = key ? t(`common:${key}`) : undefined;
    setError(invalid);
    if (invalid) {
      document.querySelector<HTMLElement>('input[name="email"]')?.focus();
      return;
    }
    retrieve.mutate(
      { email: value, hl: locale },
      {
        onSuccess: (res) => setOutcome({ kind: 'sent', email: value, count: res.count }),
        onError: (err) => setOutcome({ kind: 'failed', reason: errorMessage(err) }),
        onSettled: () => status.current?.focus(),
      },
    );
  }

  return (
    <div className="container page page--narrow">
      <PageTitle title={t('retrieve.title')} />
      <h1>{t('retrieve.title')}</h1>
      <p className="lead">{t('retrieve.lead')}</p>
      <form className="card form retrieve-form" noValidate onSubmit={submit}>
        <EmailField label={t('retrieve.email')} value={email} onChange={setEmail} error={error} />
        <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
          {t('retrieve.submit')}
        </button>
      </form>
      <div ref={status} tabIndex={-1} role="status" className="retrieve-status">
        {outcome?.kind === 'sent' ? (
          <div className="card notice">
            <p>
              <strong>{t('retrieve.sent')}</strong>
            </p>
            <p>{t('retrieve.sentDetail', { email: outcome.email })}</p>
          </div>
        ) : null}
        {outcome?.kind === 'failed' ? (
          <div className="card notice notice--error">
            <p>
              <strong>{t('retrieve.failed')}</strong>
            </p>
            <p>{outcome.reason}</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}

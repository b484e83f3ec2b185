import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/use-error-message';
import { confirmEmailChange } from '../api/confirm-email';

/**
 * The old address's confirmation of a paid order's new e-mail (issue 13): its link opens the report with
 * `emailChange` and `confirm`; nothing changes until this button is pressed (a mail scanner that opens
 * the link changes nothing).
 */
export function EmailChangeConfirm(props: { orderNumber: string; email: string; confirm: string }) {
  const { t } = useTranslation('report');
  const errorMessage = useErrorMessage();
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });

  async function confirm() {
    if (state.kind === 'busy') return;
    setState({ kind: 'busy' });
    try {
      await confirmEmailChange(props);
      setState({ kind: 'done' });
    } catch (err) {
      setState({ kind: 'error', message: errorMessage(err) });
    }
  }

  return (
    <section className="card notice" aria-labelledby="email-change-title">
      <h2 id="email-change-title">{t('emailChange.title')}</h2>
      <div role="status">
        {state.kind === 'done' ? (
          <p className="notice--success">{t('emailChange.done', { email: props.email })}</p>
        ) : state.kind === 'error' ? (
          <p className="form__error">{state.message}</p>
        ) : null}
      </div>
      {state.kind === 'done' ? null : (
        <>
          <p>{t('emailChange.lead', { email: props.email })}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={confirm}
            disabled={state.kind === 'busy'}
            aria-busy={state.kind === 'busy'}
          >
            {t('emailChange.confirm')}
          </button>
        </>
      )}
    </section>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mailQuery, retryMail } from './console-api';
import { ConsoleError, ConsoleTable } from './console-table';
import { when } from './format';

const STATUSES = ['failed', 'pending', 'sending', 'sent'] as const;

/** The outbox: what is queued, sent or failed (with the last error), and a retry for a failed e-mail. */
export function MailPanel() {
  const { t, i18n } = useTranslation('console');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<(typeof STATUSES)[number] | undefined>();
  const mails = useQuery(mailQuery(status));
  const retry = useMutation({
    mutationFn: retryMail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['console', 'mail'] }),
  });
  return (
    <section aria-labelledby="mail-title">
      <h2 id="mail-title">{t('mail.title')}</h2>
      <fieldset className="console__filter">
        <legend>{t('mail.show')}</legend>
        <label>
          <input type="radio" name="mail-status" checked={status === undefined} onChange={() => setStatus(undefined)} />{' '}
          {t('mail.all')}
        </label>
        {STATUSES.map((s) => (
          <label key={s}>
            <input type="radio" name="mail-status" checked={status === s} onChange={() => setStatus(s)} />{' '}
            {t(`mailStatus.${s}`)}
          </label>
        ))}
      </fieldset>
      <ConsoleError error={mails.error} />
      <ConsoleError error={retry.error} />
      {mails.data && mails.data.mails.length === 0 && <p role="status">{t('mail.none')}</p>}
      {mails.data && mails.data.mails.length > 0 && (
        <ConsoleTable
          caption={t('mail.title')}
          captionHidden
          columns={[
            t('mail.created'),
            t('mail.to'),
            t('mail.template'),
            t('mail.status'),
            t('mail.attempts'),
            { hidden: t('mail.actions') },
          ]}
        >
          {mails.data.mails.map((m) => (
            <tr key={m.id}>
              <td>{when(m.createdAt, i18n.language)}</td>
              <td>{m.to}</td>
              <td>{m.template}</td>
              <td>
                {t(`mailStatus.${m.status}` as 'mailStatus.sent')}
                {m.lastError && <span className="console__error"> · {m.lastError}</span>}
              </td>
              <td>{m.attempts}</td>
              <td>
                {m.status === 'failed' && (
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={retry.isPending}
                    onClick={() => retry.mutate(m.id)}
                  >
                    {t('mail.retry')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </section>
  );
}

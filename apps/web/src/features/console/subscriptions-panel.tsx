import type { TConsoleSubscription } from '@mindgauge/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { cancelSubscription, refundRenewal, subscriptionsQuery } from './console-api';
import { ConsoleError } from './console-table';
import { money, when } from './format';

/** Find an address's subscriptions: terms, reminder, renewals; cancel one, refund a renewal (once). */
export function SubscriptionsPanel() {
  const { t } = useTranslation('console');
  const [draft, setDraft] = useState('');
  const [email, setEmail] = useState('');
  const subs = useQuery({ ...subscriptionsQuery(email), enabled: email.length > 0 });

  function search(e: FormEvent) {
    e.preventDefault();
    setEmail(draft.trim());
  }

  return (
    <section aria-labelledby="subs-title">
      <h2 id="subs-title">{t('subs.title')}</h2>
      <search>
        <form className="card console__search" onSubmit={search}>
          <Field label={t('subs.email')} name="sub-email" type="email" value={draft} onChange={setDraft} />
          <button type="submit" className="button button--primary">
            {t('orders.search')}
          </button>
        </form>
      </search>
      <ConsoleError error={subs.error} />
      {subs.data && subs.data.subscriptions.length === 0 && <p role="status">{t('subs.none')}</p>}
      {subs.data?.subscriptions.map((s) => (
        <Subscription key={s.id} sub={s} />
      ))}
    </section>
  );
}

function Subscription({ sub }: { sub: TConsoleSubscription }) {
  const { t, i18n } = useTranslation('console');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['console', 'subscriptions'] });
  const cancel = useMutation({ mutationFn: () => cancelSubscription(sub.id), onSettled: refresh });
  const refund = useMutation({
    mutationFn: (chargeId: string) => refundRenewal(sub.id, chargeId),
    onSettled: () => {
      setConfirming(undefined);
      return refresh();
    },
  });
  const running = sub.status !== 'canceled' && sub.cancelRequestedAt === null;
  const failed = cancel.error ?? refund.error;

  return (
    <article className="card console__ticket" aria-labelledby={`sub-${sub.id}`}>
      <h3 id={`sub-${sub.id}`}>
        {sub.planId} · {money(sub.amountMinor, sub.currency)} · {t(`subs.status.${sub.status}`)}
      </h3>
      <dl className="console__facts">
        <dt>{t('orders.number')}</dt>
        <dd>{sub.orderNumber}</dd>
        <dt>{t('subs.started')}</dt>
        <dd>{when(sub.createdAt, i18n.language)}</dd>
        <dt>{t('subs.trialEnd')}</dt>
        <dd>{when(sub.trialEndAt, i18n.language)}</dd>
        <dt>{t('subs.reminder')}</dt>
        <dd>{sub.reminderSentAt ? when(sub.reminderSentAt, i18n.language) : t('subs.notYet')}</dd>
        <dt>{t('subs.periodEnd')}</dt>
        <dd>{when(sub.currentPeriodEnd, i18n.language)}</dd>
        <dt>{t('subs.canceled')}</dt>
        <dd>{sub.cancelRequestedAt ? when(sub.cancelRequestedAt, i18n.language) : t('subs.notYet')}</dd>
      </dl>
      <h4>{t('subs.renewals')}</h4>
      {sub.charges.length === 0 && <p>{t('subs.noRenewals')}</p>}
      {sub.charges.length > 0 && (
        <ul className="console__list">
          {sub.charges.map((c) => (
            <li key={c.id}>
              {t('subs.renewalLine', {
                n: c.periodNo,
                when: when(c.settledAt ?? c.createdAt, i18n.language),
                amount: money(c.amountMinor, c.currency),
                status: t(`subs.charge.${c.refundStatus ?? c.status}`),
              })}{' '}
              {c.status === 'succeeded' &&
                c.refundStatus === null &&
                (confirming === c.id ? (
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={refund.isPending}
                    onClick={() => refund.mutate(c.id)}
                  >
                    {t('subs.refundConfirm')}
                  </button>
                ) : (
                  <button type="button" className="button button--secondary" onClick={() => setConfirming(c.id)}>
                    {t('subs.refund', { n: c.periodNo })}
                  </button>
                ))}
            </li>
          ))}
        </ul>
      )}
      {running && (
        <button
          type="button"
          className="button button--secondary"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          {t('subs.cancel')}
        </button>
      )}
      <ConsoleError error={failed} />
    </article>
  );
}

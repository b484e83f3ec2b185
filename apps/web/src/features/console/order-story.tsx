import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderQuery, refundOrder, resendReport } from './console-api';
import { ConsoleError } from './console-table';
import { money, when } from './format';

/** An order's whole story, and what an operator may do with it: resend the report, refund. */
export function OrderStory({ orderNumber, onBack }: { orderNumber: string; onBack: () => void }) {
  const { t, i18n } = useTranslation('console');
  const lang = i18n.language;
  const queryClient = useQueryClient();
  const story = useQuery(orderQuery(orderNumber));
  const [revoke, setRevoke] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['console'] });
  const refund = useMutation({ mutationFn: () => refundOrder(orderNumber, revoke), onSettled: refresh });
  const resend = useMutation({ mutationFn: () => resendReport(orderNumber), onSettled: refresh });

  return (
    <section aria-labelledby="story-title">
      <button type="button" className="button button--secondary" onClick={onBack}>
        {t('story.back')}
      </button>
      <h2 id="story-title">{t('story.title', { order: orderNumber })}</h2>
      <ConsoleError error={story.error} />
      {story.data && (
        <>
          <dl className="card console__facts">
            <dt>{t('orders.status')}</dt>
            <dd>{t(`orderStatus.${story.data.order.status}`)}</dd>
            <dt>{t('orders.email')}</dt>
            <dd>{story.data.order.email ?? '—'}</dd>
            <dt>{t('orders.amount')}</dt>
            <dd>{money(story.data.order.amountMinor, story.data.order.currency)}</dd>
            <dt>{t('story.tier')}</dt>
            <dd>{story.data.order.skuId ?? '—'}</dd>
            <dt>{t('story.language')}</dt>
            <dd>{story.data.locale}</dd>
            <dt>{t('story.test')}</dt>
            <dd>
              {t('story.testLine', {
                started: when(story.data.session.startedAt, lang),
                outcome: story.data.session.outcome ?? '—',
                iq: story.data.session.iq ?? '—',
                country: story.data.session.country ?? '—',
              })}
            </dd>
            <dt>{t('story.unlocks')}</dt>
            <dd>{story.data.entitlements.join(', ') || '—'}</dd>
          </dl>

          <div className="card">
            <h3>{t('story.actions')}</h3>
            <button
              type="button"
              className="button button--secondary"
              disabled={resend.isPending || story.data.order.status !== 'paid'}
              onClick={() => resend.mutate()}
            >
              {t('story.resend')}
            </button>
            {resend.isSuccess && <p role="status">{t('story.resent')}</p>}
            <ConsoleError error={resend.error} />
            <fieldset className="console__refund">
              <legend>{t('story.refundTitle')}</legend>
              <label>
                <input type="checkbox" checked={revoke} onChange={(e) => setRevoke(e.target.checked)} />{' '}
                {t('story.revoke')}
              </label>
              {confirming ? (
                <div className="button-row">
                  <button
                    type="button"
                    className="button button--danger"
                    disabled={refund.isPending}
                    onClick={() => refund.mutate(undefined, { onSettled: () => setConfirming(false) })}
                  >
                    {t('story.refundConfirm')}
                  </button>
                  <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
                    {t('story.cancel')}
                  </button>
                </div>
              ) : (
                <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
                  {t('story.refund')}
                </button>
              )}
              {refund.isSuccess && (
                <p role="status">{t(refund.data.refund === 'refunded' ? 'story.refunded' : 'story.refundPending')}</p>
              )}
              <ConsoleError error={refund.error} />
            </fieldset>
          </div>

          <h3>{t('story.payments')}</h3>
          {story.data.payments.length === 0 ? (
            <p>{t('story.noPayments')}</p>
          ) : (
            <ul className="console__list">
              {story.data.payments.map((p) => (
                <li key={p.id}>
                  {t('story.paymentLine', {
                    when: when(p.createdAt, lang),
                    amount: money(p.amountMinor, p.currency),
                    provider: p.provider,
                    status: p.status,
                    purpose: p.purpose,
                  })}
                  {p.refundStatus && ` · ${t(`story.refundStatus.${p.refundStatus}` as 'story.refundStatus.pending')}`}
                </li>
              ))}
            </ul>
          )}
          <h3>{t('story.events')}</h3>
          <ul className="console__list">
            {story.data.events.map((e, i) => (
              <li key={`${e.receivedAt}-${i}`}>
                {when(e.receivedAt, lang)} · {e.provider} · {e.type}
              </li>
            ))}
          </ul>
          <h3>{t('story.mails')}</h3>
          <ul className="console__list">
            {story.data.mails.map((m) => (
              <li key={m.id}>
                {when(m.createdAt, lang)} · {m.template} · {t(`mailStatus.${m.status}` as 'mailStatus.sent')}
              </li>
            ))}
          </ul>
          <h3>{t('story.audit')}</h3>
          <ul className="console__list">
            {story.data.audit.map((a) => (
              <li key={a.id}>
                {when(a.at, lang)} · {a.actor} · {a.action}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { useErrorMessage } from '../../lib/use-error-message';
import { ordersQuery } from './console-api';
import { money, when } from './format';
import { OrderStory } from './order-story';

/** Find an order by its number, the buyer's address (or part of it) or the day it was made; open its story. */
export function OrdersPanel() {
  const { t, i18n } = useTranslation('console');
  const errorMessage = useErrorMessage();
  const [draft, setDraft] = useState({ q: '', from: '', to: '' });
  const [filter, setFilter] = useState<{ q?: string; from?: string; to?: string }>({});
  const [open, setOpen] = useState<string>();
  const orders = useQuery(ordersQuery(filter));

  function search(e: FormEvent) {
    e.preventDefault();
    setOpen(undefined);
    setFilter({
      ...(draft.q.trim() ? { q: draft.q.trim() } : {}),
      ...(draft.from ? { from: draft.from } : {}),
      ...(draft.to ? { to: draft.to } : {}),
    });
  }

  if (open) return <OrderStory orderNumber={open} onBack={() => setOpen(undefined)} />;
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title">{t('orders.title')}</h2>
      <search>
        <form className="card console__search" onSubmit={search}>
          <Field
            label={t('orders.query')}
            name="q"
            value={draft.q}
            onChange={(q) => setDraft({ ...draft, q })}
            hint={t('orders.queryHint')}
          />
          <Field
            label={t('orders.from')}
            name="from"
            type="date"
            value={draft.from}
            onChange={(from) => setDraft({ ...draft, from })}
          />
          <Field
            label={t('orders.to')}
            name="to"
            type="date"
            value={draft.to}
            onChange={(to) => setDraft({ ...draft, to })}
          />
          <button type="submit" className="button button--primary">
            {t('orders.search')}
          </button>
        </form>
      </search>
      {orders.isError && <p role="alert">{errorMessage(orders.error)}</p>}
      {orders.data && orders.data.orders.length === 0 && <p role="status">{t('orders.none')}</p>}
      {orders.data && orders.data.orders.length > 0 && (
        <div className="console__table-wrap">
          <table className="console__table">
            <caption className="visually-hidden">{t('orders.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('orders.number')}</th>
                <th scope="col">{t('orders.email')}</th>
                <th scope="col">{t('orders.status')}</th>
                <th scope="col">{t('orders.amount')}</th>
                <th scope="col">{t('orders.created')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.orders.map((o) => (
                <tr key={o.orderNumber}>
                  <th scope="row">
                    <button type="button" className="button--link" onClick={() => setOpen(o.orderNumber)}>
                      {o.orderNumber}
                    </button>
                  </th>
                  <td>{o.email ?? '—'}</td>
                  <td>{t(`orderStatus.${o.status}`)}</td>
                  <td>{money(o.amountMinor, o.currency)}</td>
                  <td>{when(o.createdAt, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {orders.data.more && <p>{t('orders.more')}</p>}
        </div>
      )}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { ordersQuery } from './console-api';
import { ConsoleError, ConsoleTable } from './console-table';
import { money, when } from './format';
import { OrderStory } from './order-story';

/** Find an order by its number, the buyer's address (or part of it) or the day it was made; open its story. */
export function OrdersPanel() {
  const { t, i18n } = useTranslation('console');
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
      <ConsoleError error={orders.error} />
      {orders.data && orders.data.orders.length === 0 && <p role="status">{t('orders.none')}</p>}
      {orders.data && orders.data.orders.length > 0 && (
        <ConsoleTable
          caption={t('orders.title')}
          captionHidden
          columns={[t('orders.number'), t('orders.email'), t('orders.status'), t('orders.amount'), t('orders.created')]}
          after={orders.data.more && <p>{t('orders.more')}</p>}
        >
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
        </ConsoleTable>
      )}
    </section>
  );
}

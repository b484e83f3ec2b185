import {
  DEFAULT_APP_CODE,
  formatScope,
  PERSONALITY_APP_CODE,
  PERSONALITY_EXAM_ID,
  type TAccountOrder,
  type TAccountOrderStatus,
} from '@mindgauge/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildHref } from '../../../app/paths';
import { AppLink } from '../../../components/app-link';
import { formatDate } from '../../../i18n/format-date';
import { useLocale } from '../../../i18n/use-locale';
import { useErrorMessage } from '../../../lib/use-error-message';
import { orderListQuery } from '../api/order-list';

const FILTERS = ['all', 'completed', 'uncompleted', 'pendingPayment'] as const;
type Filter = (typeof FILTERS)[number];

const scopeOf = (examId: number) =>
  formatScope({ code: examId === PERSONALITY_EXAM_ID ? PERSONALITY_APP_CODE : DEFAULT_APP_CODE, examId });

function OrderActions({ o }: { o: TAccountOrder }) {
  const { t } = useTranslation('account');
  const scope = scopeOf(o.examId);
  if (o.status === 'completed' && o.orderNumber) {
    // A personality order opens its own profile page (with its own share section).
    const personality = o.examId === PERSONALITY_EXAM_ID;
    const report = buildHref(personality ? 'personalityReport' : 'reportResult', { scope }, { order: o.orderNumber });
    return (
      <div className="button-row">
        <AppLink className="button button--primary" to={report}>
          {t('info.view')}
        </AppLink>
        <AppLink className="button button--secondary" to={`${report}#share-title`}>
          {t('info.share')}
        </AppLink>
      </div>
    );
  }
  if (o.status === 'pendingPayment' && o.orderNumber) {
    return (
      <div className="button-row">
        <AppLink className="button button--primary" to={buildHref('payingScheme', { scope }, { order: o.orderNumber })}>
          {t('info.goPay')}
        </AppLink>
      </div>
    );
  }
  return o.resumable ? (
    <div className="button-row">
      <AppLink className="button button--primary" to={buildHref('answerStandard', { scope })}>
        {t('info.resume')}
      </AppLink>
    </div>
  ) : (
    <>
      <p className="meta">{t('info.notResumable')}</p>
      <AppLink to={buildHref('landing', { scope, variant: 'test_center' })}>{t('info.newTest')}</AppLink>
    </>
  );
}

/** The personal centre's report list by status, with view, share, pay and resume. */
export function OrderList({ userId }: { userId: string }) {
  const { t } = useTranslation(['account', 'common']);
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const name = useId();
  const [filter, setFilter] = useState<Filter>('all');
  const orders = useQuery(orderListQuery(userId));
  const shown = (orders.data ?? []).filter((o) => filter === 'all' || o.status === filter);
  const count = (s: TAccountOrderStatus) => (orders.data ?? []).filter((o) => o.status === s).length;

  return (
    <section className="card account-orders" aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`}>{t('info.reports')}</h2>
      <fieldset className="segmented">
        <legend>{t('info.filter')}</legend>
        {FILTERS.map((f) => (
          <label key={f} className="segmented__option">
            <input type="radio" name={name} value={f} checked={filter === f} onChange={() => setFilter(f)} />
            <span>
              {f === 'all' ? t('info.all') : t(`info.status.${f}`)}
              {f === 'all' ? '' : ` (${count(f)})`}
            </span>
          </label>
        ))}
      </fieldset>
      {orders.isPending ? <p className="meta">{t('common:a11y.loading')}</p> : null}
      {orders.isError ? <p className="form__error">{errorMessage(orders.error)}</p> : null}
      {orders.data && shown.length === 0 ? (
        <p className="meta">{orders.data.length === 0 ? t('info.emptyAll') : t('info.empty')}</p>
      ) : null}
      <ul className="account-orders__list" aria-live="polite">
        {shown.map((o) => (
          <li key={o.orderNumber ?? o.startedAt} className="account-order">
            <p className="account-order__status">
              <strong>{t(`info.status.${o.status}`)}</strong>
              {o.iq !== null ? <span> · {t('info.iq', { iq: Math.round(o.iq) })}</span> : null}
            </p>
            <p className="meta">
              {o.completedAt
                ? t('info.completedAt', { date: formatDate(o.completedAt, locale) })
                : t('info.startedAt', { date: formatDate(o.startedAt, locale) })}
              {o.orderNumber ? (
                <>
                  <br />
                  <span className="account-order__number">{t('info.order', { order: o.orderNumber })}</span>
                </>
              ) : null}
            </p>
            <OrderActions o={o} />
          </li>
        ))}
      </ul>
    </section>
  );
}

import { formatMoney } from '@mindgauge/contract';
import { useTranslation } from 'react-i18next';
import type { PriceLines } from '../price-lines';

/** The order information: number, tier, what it includes, and the price lines down to the total. */
export function OrderSummary({
  orderNumber,
  title,
  featureCount,
  lines,
  promoCode,
  renews,
}: {
  orderNumber: string;
  title: string;
  featureCount: number;
  lines: PriceLines;
  promoCode: string | null;
  /** A plan's price after today ("Then $19.99 every week"), under the total. */
  renews?: string;
}) {
  const { t } = useTranslation('checkout');
  const money = (minor: number) => formatMoney(minor, lines.currency);
  const discounted = lines.offerDiscount > 0 || lines.promoDiscount > 0;
  return (
    <section className="card order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="order-summary__title">
        {t('payment.orderTitle')}
      </h2>
      <dl className="order-summary__list">
        <div className="order-summary__row">
          <dt>{t('payment.orderNumber')}</dt>
          <dd className="order-summary__order-number">{orderNumber}</dd>
        </div>
        <div className="order-summary__row">
          <dt>{t('payment.report')}</dt>
          <dd>
            <span className="order-summary__tier">{title}</span>
            <span className="order-summary__features">{t('payment.features', { count: featureCount })}</span>
          </dd>
        </div>
        {discounted ? (
          <div className="order-summary__row">
            <dt>{t('payment.regular')}</dt>
            <dd className="order-summary__money">{money(lines.regular)}</dd>
          </div>
        ) : null}
        {lines.offerDiscount > 0 ? (
          <div className="order-summary__row order-summary__row--discount">
            <dt>{t('payment.offerDiscount')}</dt>
            <dd className="order-summary__money">−{money(lines.offerDiscount)}</dd>
          </div>
        ) : null}
        {lines.promoDiscount > 0 ? (
          <div className="order-summary__row order-summary__row--discount">
            <dt>{t('payment.promoDiscount', { code: promoCode ?? '', percent: lines.percentOff })}</dt>
            <dd className="order-summary__money">−{money(lines.promoDiscount)}</dd>
          </div>
        ) : null}
        <div className="order-summary__row order-summary__row--total">
          <dt>{t('payment.total')}</dt>
          <dd className="order-summary__money order-summary__total">{money(lines.total)}</dd>
        </div>
      </dl>
      {renews ? <p className="order-summary__renews">{renews}</p> : null}
    </section>
  );
}

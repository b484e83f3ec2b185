import { formatMoney, type Locale, type TPlan } from '@mindgauge/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { FeatureList } from '../../../components/feature-list';
import { billedPhrase, planDisclosure } from '../../../lib/plan-terms';

/**
 * One plan: what is charged today, then what and how often, the daily rate where it is the plan's point,
 * its features, and the full disclosure above the button that leads to its payment.
 */
export function PlanCard({
  plan,
  locale,
  now,
  href,
  cta,
}: {
  plan: TPlan;
  locale: Locale;
  now: number;
  href: string;
  /** The button's words; "Choose the {plan}" unless told. */
  cta?: string;
}) {
  const { t } = useTranslation(['checkout', 'common']);
  const id = useId();
  const today = formatMoney(plan.price.todayAmount, plan.price.currency);
  return (
    <article className="plan-card" data-plan={plan.planId} aria-labelledby={`${id}-title`}>
      <h3 className="plan-card__title" id={`${id}-title`}>
        {plan.title}
        {plan.trialDays > 0 ? (
          <span className="plan-card__badge">{t('plans.trial', { days: plan.trialDays })}</span>
        ) : null}
      </h3>
      <p className="plan-card__price">
        <span className="plan-card__today">
          {plan.trialDays > 0
            ? t('plans.todayTrial', { amount: today, days: plan.trialDays })
            : t('plans.today', { amount: today })}
        </span>
        <span className="plan-card__then">{t('plans.summaryRenews', { billed: billedPhrase(t, plan) })}</span>
        {plan.intervalCount > 1 ? (
          <span className="plan-card__per-day">
            {t('plans.perDay', { amount: formatMoney(plan.price.perDay, plan.price.currency) })}
          </span>
        ) : null}
      </p>
      <FeatureList features={plan.features} />
      <p className="plan-card__disclosure" id={`${id}-terms`}>
        {planDisclosure(t, plan, locale, now)}
      </p>
      <AppLink className="button button--secondary button--block" to={href} aria-describedby={`${id}-terms`}>
        {cta ?? t('plans.choose', { plan: plan.title })}
      </AppLink>
    </article>
  );
}

/** The plans side by side (one column on a phone). */
export function PlanCards({
  plans,
  locale,
  now,
  hrefFor,
  cta,
}: {
  plans: TPlan[];
  locale: Locale;
  now: number;
  hrefFor: (plan: TPlan) => string;
  cta?: string;
}) {
  return (
    <div className="plans__cards">
      {plans.map((plan) => (
        <PlanCard
          key={plan.planId}
          plan={plan}
          locale={locale}
          now={now}
          href={hrefFor(plan)}
          {...(cta ? { cta } : {})}
        />
      ))}
    </div>
  );
}

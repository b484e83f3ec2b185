import type { Locale, TSubscriptionSummary } from '@mindgauge/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { planListQuery } from '../../../api/get-plan-list';
import { buildHref } from '../../../app/paths';
import { useScope } from '../../../app/use-scope';
import { AppLink } from '../../../components/app-link';
import { formatDate } from '../../../i18n/format-date';
import { pricingCountry } from '../../../lib/checkout-search';
import { billedPhrase } from '../../../lib/plan-terms';

/** On the success page of a plan: what was started, when the next charge comes, and how to cancel. */
export function SubscriptionStarted({ sub, hl }: { sub: TSubscriptionSummary; hl: Locale }) {
  const { t } = useTranslation(['checkout', 'common']);
  const scope = useScope();
  const plans = useQuery(planListQuery(scope.examId, pricingCountry(hl), hl)).data;
  const title = plans?.plans.find((p) => p.planId === sub.planId)?.title ?? '';
  const billed = billedPhrase(t, { ...sub, price: { amount: sub.amount, currency: sub.currency } });
  const next = sub.nextChargeAt ? formatDate(sub.nextChargeAt, hl) : null;
  return (
    <section className="card subscription-started" aria-labelledby="subscription-started-title">
      <h2 id="subscription-started-title">{t('plans.startedTitle', { plan: title })}</h2>
      {next ? (
        <p>
          {sub.trialEndsAt
            ? t('plans.startedTrial', { date: next, billed })
            : t('plans.startedActive', { date: next, billed })}
        </p>
      ) : null}
      <p>
        {t('plans.membersArea')}{' '}
        <AppLink to={buildHref('members', { scope: scope.value })}>{t('plans.membersLink')}</AppLink>
      </p>
      <p className="meta">
        {t('plans.howToCancel')}{' '}
        <AppLink to={buildHref('cancelSubscription', { scope: scope.value })}>{t('plans.manage')}</AppLink>
      </p>
    </section>
  );
}

import { formatMoney, type Locale, type TSecondPhaseOrder, type TUpsellStep, ZUpsellStep } from '@mindgauge/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { planListQuery } from '../../api/get-plan-list';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { guarded, guardLoad } from '../../components/load-guard';
import { PageTitle } from '../../components/page-title';
import { formatDate } from '../../i18n/format-date';
import { localeFromRequest } from '../../i18n/use-locale';
import { pricingCountry } from '../../lib/checkout-search';
import { billedPhrase } from '../../lib/plan-terms';
import { useErrorMessage } from '../../lib/use-error-message';
import { buyPlanSku } from './api/buy-plan-sku';
import { secondPhaseQuery } from './api/get-second-phase-order';
import { ExtraOffer } from './components/extra-offer';
import { useExtrasOrder } from './use-extras-order';

interface PackageData {
  hl: Locale;
}

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  scopeFromParams(params);
  const url = new URL(request.url);
  const hl = localeFromRequest(request);
  const order = orderFromSearch(url.searchParams);
  return guardLoad<PackageData>(async () => {
    await queryClient.fetchQuery(secondPhaseQuery(order, url.searchParams.get('token'), hl));
    return { hl };
  });
}

/** Skip the trial (the weekly price now) or switch to the daily-rate plan (charged now), with the kept method. */
function SkipTrialOffer({
  order,
  token,
  hl,
  onward,
}: {
  order: TSecondPhaseOrder;
  token: string | null;
  hl: Locale;
  onward: (done: boolean) => React.ReactNode;
}) {
  const { t } = useTranslation(['checkout', 'common']);
  const scope = useScope();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const plans = useQuery(planListQuery(scope.examId, pricingCountry(hl), hl, order.orderNumber)).data;
  const [state, setState] = useState<'idle' | 'busy' | 'done' | string>('idle');
  const sub = order.subscription;
  const weekly = order.steps.find((s) => s.step === 'skipTrial')?.plan;
  if (!sub || !weekly) return null;
  const daily = plans?.plans.find((p) => p.planId === 'fourweekly' && p.price.currency === sub.currency);
  const now = formatMoney(sub.amount, sub.currency);

  async function change(planId: 'weekly' | 'fourweekly') {
    setState('busy');
    try {
      const res = await buyPlanSku({ orderNumber: order.orderNumber, planId, token, hl });
      setState(res.subscription.nextChargeAt ? `done:${res.subscription.nextChargeAt}` : 'done');
      void queryClient.invalidateQueries({ queryKey: ['extras'] });
    } catch (err) {
      setState(`error:${errorMessage(err)}`);
    }
  }

  const done = state.startsWith('done');
  return (
    <section className="card extra-offer" aria-labelledby="skip-title">
      <h1 id="skip-title">{t('extras.skipTitle')}</h1>
      <p>
        {t('extras.skipLead', {
          billed: billedPhrase(t, { ...sub, price: { amount: sub.amount, currency: sub.currency } }),
          date: sub.trialEndsAt ? formatDate(sub.trialEndsAt, hl) : '',
        })}
      </p>
      {daily ? <p>{t('extras.upgradeLead', { billed: billedPhrase(t, daily) })}</p> : null}
      <p className="meta" id="skip-method">
        {order.savedMethod ? t('extras.oneClick', { method: order.savedMethod.label }) : t('extras.payNote')}{' '}
        {t('plans.howToCancel')}
      </p>
      <div role="status" className="extra-offer__status">
        {done ? (
          <p className="notice notice--success">
            {t('extras.planStarted', { date: formatDate(state.slice(5) || new Date().toISOString(), hl) })}
          </p>
        ) : null}
        {state.startsWith('error:') ? <p className="notice notice--error">{state.slice(6)}</p> : null}
      </div>
      <div className="button-row">
        {done ? null : (
          <>
            <button
              type="button"
              className="button button--primary"
              onClick={() => change('weekly')}
              disabled={state === 'busy'}
              aria-busy={state === 'busy'}
              aria-describedby="skip-method"
            >
              {t('extras.skipNow', { price: now })}
            </button>
            {daily ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => change('fourweekly')}
                disabled={state === 'busy'}
                aria-describedby="skip-method"
              >
                {t('extras.upgrade', { price: formatMoney(daily.price.amount, daily.price.currency) })}
              </button>
            ) : null}
          </>
        )}
        {onward(done)}
      </div>
    </section>
  );
}

/**
 * One upsell step after the first payment (`?step=`, else the first one offered). Each can be added in one
 * click or declined; declining, and the link to the report, are always there.
 */
export function PackageScreen({ data, fixedStep }: { data: PackageData; fixedStep?: TUpsellStep }) {
  const { t } = useTranslation(['checkout']);
  const scope = useScope();
  const [search] = useSearchParams();
  const { order, token, withToken, reportHref } = useExtrasOrder(data.hl);
  // The steps as they stood when the visitor arrived: buying one must not move the screen on by itself.
  const [sequence] = useState(() => order.steps.filter((s) => s.offered).map((s) => s.step));
  const wanted = ZUpsellStep.safeParse(fixedStep ?? search.get('step'));
  const stepId = wanted.success ? wanted.data : sequence[0];
  const current = order.steps.find((s) => s.step === stepId && (fixedStep || s.offered || sequence.includes(s.step)));
  const position = current ? sequence.indexOf(current.step) : -1;
  const nextStep = fixedStep || position < 0 ? undefined : sequence[position + 1];
  const offered = sequence;
  const nextHref = nextStep
    ? buildHref('payingPackage', { scope: scope.value }, withToken({ step: nextStep }))
    : reportHref;
  const onward = (done: boolean) => (
    <AppLink to={nextHref} className={done ? 'button button--primary' : 'button button--ghost'}>
      {done ? t('extras.continue') : t('extras.noThanks')}
    </AppLink>
  );

  return (
    <div className="container page page--narrow extras">
      <PageTitle title={current?.package?.title ?? t('extras.insiderTitle')} />
      {!fixedStep && position >= 0 && offered.length > 1 ? (
        <p className="meta extras__step">{t('extras.stepOf', { current: position + 1, total: offered.length })}</p>
      ) : null}
      {!current ? (
        <section className="card">
          <h1>{t('extras.nothingLeft')}</h1>
        </section>
      ) : current.step === 'skipTrial' ? (
        <SkipTrialOffer key={current.step} order={order} token={token} hl={data.hl} onward={onward} />
      ) : current.package ? (
        <ExtraOffer key={current.step} pkg={current.package} order={order} token={token} hl={data.hl} onward={onward} />
      ) : null}
      <p className="extras__report">
        <AppLink to={reportHref}>{t('extras.toReport')}</AppLink>
      </p>
    </div>
  );
}

export const Component = guarded((props: { data: PackageData }) => <PackageScreen {...props} />);

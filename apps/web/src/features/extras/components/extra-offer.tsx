import { formatMoney, type Locale, type TPackage, type TSecondPhaseOrder } from '@mindgauge/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkPaymentStatus } from '../../../api/check-payment-status';
import { presenterQuery } from '../../../api/get-presenter-list';
import { CopyLink } from '../../../components/copy-link';
import { FeatureList } from '../../../components/feature-list';
import { SandboxFrame } from '../../../components/sandbox-frame';
import { StripePayment } from '../../../components/stripe-payment';
import { formatDate } from '../../../i18n/format-date';
import { safeUrl } from '../../../lib/sandbox-message';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { buyExtra } from '../api/buy-extra';
import { vipStatus } from '../api/get-vip-status';

type State =
  | { kind: 'idle' }
  | { kind: 'redirecting' }
  | { kind: 'frame'; url: string; paymentId: string }
  | { kind: 'stripe'; clientSecret: string; publishableKey: string }
  | { kind: 'done'; gift?: string; vipUntil?: string }
  | { kind: 'failed'; message: string };

const FINAL = new Set(['succeeded', 'failed', 'canceled']);

/**
 * One extra with its price and a single "Add" button. With a method kept from the first payment, the click
 * charges it at once (the screen says so before the click); otherwise the processor's step follows here.
 */
export function ExtraOffer({
  pkg,
  order,
  token,
  hl,
  headingLevel = 1,
  onward,
}: {
  pkg: TPackage;
  order: TSecondPhaseOrder;
  token: string | null;
  hl: Locale;
  headingLevel?: 1 | 2;
  /** The way on beside the button: "No thanks" before, "Continue" once added (a link to the next step). */
  onward?: (added: boolean) => ReactNode;
}) {
  const { t } = useTranslation(['checkout', 'errors']);
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const status = useRef<HTMLDivElement>(null);
  const price = formatMoney(pkg.price.amount, pkg.price.currency);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  useLayoutEffect(() => {
    if (state.kind === 'done' || state.kind === 'failed') status.current?.focus();
  }, [state.kind]);

  /** Settles by the processor's webhook: asks until the payment is final (one-click charges are final at once). */
  async function settle(paymentId: string): Promise<State> {
    for (let i = 0; i < 30; i++) {
      const res = await checkPaymentStatus(order.orderNumber, paymentId);
      if (res.payment && FINAL.has(res.payment.status)) return done(res.payment.status === 'succeeded');
      await new Promise((r) => setTimeout(r, 1000));
    }
    return { kind: 'failed', message: t('errors:loadFailed') };
  }

  async function done(ok: boolean): Promise<State> {
    if (!ok) return { kind: 'failed', message: t('extras.failed') };
    let gift: string | undefined;
    let vipUntil: string | undefined;
    if (pkg.packageId === 'presentedExam')
      gift = (await queryClient.fetchQuery({ ...presenterQuery(order.orderNumber, token, hl), staleTime: 0 })).gifts.at(
        -1,
      )?.url;
    if (pkg.packageId === 'vip') vipUntil = (await vipStatus(order.orderNumber, token)).until ?? undefined;
    void queryClient.invalidateQueries({ queryKey: ['extras'] });
    void queryClient.invalidateQueries({ queryKey: ['report'] });
    void queryClient.invalidateQueries({ queryKey: ['answer-analysis'] });
    return { kind: 'done', ...(gift ? { gift } : {}), ...(vipUntil ? { vipUntil } : {}) };
  }

  /** Buys the extra, then follows the processor's next step; or, after the frame's answer, settles the payment. */
  async function purchase(step: { settle?: string }): Promise<State> {
    if (step.settle) return settle(step.settle);
    const res = await buyExtra({ orderNumber: order.orderNumber, packageId: pkg.packageId, token, hl });
    if (res.next.type === 'frame') {
      const url = safeUrl(res.next.url);
      if (!url) throw new Error('unsafe frame url');
      return { kind: 'frame', url, paymentId: res.payment.paymentId };
    }
    // No kept card at Stripe: its Payment Element here, coming back to this page once confirmed.
    if (res.next.type === 'stripe')
      return { kind: 'stripe', clientSecret: res.next.clientSecret, publishableKey: res.next.publishableKey };
    if (res.next.type === 'redirect') {
      const url = safeUrl(res.next.url);
      if (!url) throw new Error('unsafe redirect url');
      window.location.assign(url);
      return { kind: 'redirecting' };
    }
    if (FINAL.has(res.payment.status)) return done(res.payment.status === 'succeeded');
    return settle(res.payment.paymentId);
  }

  // One purchase at a time (TanStack Query's mutation): a double click on "Add" charges once.
  const buying = useSingleSubmit({
    mutationFn: purchase,
    onSuccess: setState,
    onError: (err) => setState({ kind: 'failed', message: errorMessage(err) }),
  });
  const busy = buying.isPending || state.kind === 'redirecting';

  return (
    <section className="card extra-offer" data-package={pkg.packageId} aria-labelledby={`extra-${pkg.packageId}`}>
      <Heading id={`extra-${pkg.packageId}`} className="extra-offer__title">
        {pkg.title}
      </Heading>
      <p className="extra-offer__description">{pkg.description}</p>
      <FeatureList features={pkg.features} />
      <p className="extra-offer__price">
        {pkg.memberPercentOff > 0 ? (
          <>
            <s className="sku-card__list-price">
              <span className="visually-hidden">{t('scheme.regularPrice')} </span>
              {formatMoney(pkg.price.listAmount, pkg.price.currency)}
            </s>{' '}
          </>
        ) : null}
        {price} <span className="meta">{t('extras.oneTime')}</span>
      </p>
      {pkg.memberPercentOff > 0 ? (
        <p className="meta extra-offer__member">{t('extras.memberPrice', { percent: pkg.memberPercentOff })}</p>
      ) : null}
      {pkg.owned || state.kind === 'done' ? null : (
        <p className="meta extra-offer__method" id={`extra-${pkg.packageId}-method`}>
          {order.savedMethod ? t('extras.oneClick', { method: order.savedMethod.label }) : t('extras.payNote')}
        </p>
      )}
      <div ref={status} tabIndex={-1} role="status" className="extra-offer__status">
        {state.kind === 'done' ? (
          <div className="notice notice--success">
            <p>
              <strong>{pkg.packageId === 'vip' ? t('extras.vipWelcome') : t('extras.added')}</strong>
            </p>
            {state.vipUntil ? <p>{t('extras.vipUntil', { date: formatDate(state.vipUntil, hl) })}</p> : null}
            {state.gift ? (
              <>
                <p>{t('extras.giftReady')}</p>
                <CopyLink url={state.gift} label={t('extras.giftLinkLabel')} />
              </>
            ) : null}
          </div>
        ) : null}
        {state.kind === 'failed' ? <p className="notice notice--error">{state.message}</p> : null}
      </div>
      {state.kind === 'stripe' ? (
        <StripePayment
          publishableKey={state.publishableKey}
          clientSecret={state.clientSecret}
          returnUrl={location.href}
          locale={hl}
          payLabel={t('extras.add', { price })}
        />
      ) : null}
      {state.kind === 'frame' ? (
        <SandboxFrame
          url={state.url}
          title={t('payment.frameTitle')}
          onResult={() => {
            const { paymentId } = state;
            setState({ kind: 'idle' });
            buying.submit({ settle: paymentId });
          }}
        />
      ) : null}
      <div className="button-row">
        {pkg.owned ? (
          <p className="extra-offer__owned">{t('extras.owned')}</p>
        ) : state.kind === 'done' || state.kind === 'frame' || state.kind === 'stripe' ? null : (
          <button
            type="button"
            className="button button--primary"
            onClick={() => buying.submit({})}
            disabled={busy}
            aria-busy={busy}
            aria-describedby={`extra-${pkg.packageId}-method`}
          >
            {busy ? t('extras.adding') : t('extras.add', { price })}
          </button>
        )}
        {onward?.(state.kind === 'done')}
      </div>
    </section>
  );
}

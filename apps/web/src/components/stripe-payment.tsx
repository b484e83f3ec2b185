import type { Locale } from '@mindgauge/contract';
import type { Stripe, StripeElementLocale, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSingleSubmit } from '../lib/use-single-submit';

const STRIPE_LOCALE: Record<Locale, StripeElementLocale> = {
  en: 'en',
  'zh-CN': 'zh',
  'zh-HK': 'zh-HK',
  ja: 'ja',
  ko: 'ko',
  fr: 'fr',
  de: 'de',
  es: 'es',
  pt: 'pt',
};

/**
 * Stripe's Payment Element, loaded only when a card payment goes through Stripe. Confirming sends the
 * visitor through 3-D Secure if needed and then to the status check; an immediate error is shown inline.
 */
export function StripePayment({
  publishableKey,
  clientSecret,
  returnUrl,
  locale,
  payLabel,
}: {
  publishableKey: string;
  clientSecret: string;
  returnUrl: string;
  locale: Locale;
  payLabel: string;
}) {
  const { t } = useTranslation('checkout');
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState<string>();
  // Confirming is one mutation at a time: a double click confirms once.
  const confirmation = useSingleSubmit({
    mutationFn: async (): Promise<string | undefined> => {
      const s = stripe.current;
      if (!s) return undefined;
      try {
        const { error: failure } = await s.stripe.confirmPayment({
          elements: s.elements,
          confirmParams: { return_url: returnUrl },
        });
        // Reached only when Stripe did not redirect: the card was refused or a field is incomplete.
        return failure.message ?? t('payment.stripeLoadFailed');
      } catch {
        return t('payment.stripeLoadFailed');
      }
    },
    onMutate: () => setError(undefined),
    onSuccess: (message) => setError(message),
  });
  const busy = confirmation.isPending;

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js');
        const instance = await loadStripe(publishableKey);
        if (cancelled) return;
        if (!instance || !mount.current) {
          setState('failed');
          return;
        }
        const elements = instance.elements({ clientSecret, locale: STRIPE_LOCALE[locale] });
        const element = elements.create('payment');
        element.on('ready', () => setState('ready'));
        element.on('loaderror', () => setState('failed'));
        element.mount(mount.current);
        destroy = () => element.destroy();
        stripe.current = { stripe: instance, elements };
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      destroy?.();
      stripe.current = null;
    };
  }, [publishableKey, clientSecret, locale]);

  return (
    <div className="stripe-payment">
      <div ref={mount} className="stripe-payment__element" />
      {state === 'loading' ? (
        <p className="meta" role="status">
          {t('payment.stripeLoading')}
        </p>
      ) : null}
      {state === 'failed' ? (
        <p className="form__error" role="alert">
          {t('payment.stripeLoadFailed')}
        </p>
      ) : null}
      <p className="form__error" role="alert" hidden={!error}>
        {error ?? ''}
      </p>
      <button
        type="button"
        className="button button--primary button--large button--block pay-button"
        onClick={() => confirmation.submit()}
        disabled={state !== 'ready' || busy}
        aria-busy={busy}
      >
        {payLabel}
      </button>
    </div>
  );
}

import { type ErrorCode, type Locale, type TSubscriptionSummary, ZPublicId } from '@mindgauge/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { planListQuery } from '../../api/get-plan-list';
import { useAppState } from '../../app/app-state';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import { useScope } from '../../app/use-scope';
import { AppLink, withKeptQuery } from '../../components/app-link';
import { EmailField, emailErrorKey } from '../../components/email-field';
import { guarded, guardLoad } from '../../components/load-guard';
import { PageTitle } from '../../components/page-title';
import { formatDate } from '../../i18n/format-date';
import { localeFromRequest } from '../../i18n/use-locale';
import { pricingCountry } from '../../lib/checkout-search';
import { billedPhrase } from '../../lib/plan-terms';
import { errorCode } from '../../lib/promo-error';
import { useErrorMessage } from '../../lib/use-error-message';
import { useCancelSubscription } from './api/cancel-subscription';
import { useCheckUnsubscribeEmail } from './api/check-unsubscribe-email';
import { fetchSubscriptionInfo } from './api/get-subscription-info';

interface CancelData {
  hl: Locale;
  /** The subscription a one-click link names, with its token. */
  link: { subscription: TSubscriptionSummary; token: string } | null;
  /** A link that did not open (forged, expired, unknown): the e-mail form is offered instead. */
  linkError: ErrorCode | null;
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  scopeFromParams(params);
  const url = new URL(request.url);
  const hl = localeFromRequest(request);
  const sub = ZPublicId.safeParse(url.searchParams.get('sub'));
  const token = url.searchParams.get('token');
  return guardLoad<CancelData>(async () => {
    if (!sub.success || !token) return { hl, link: null, linkError: null };
    try {
      return { hl, link: { subscription: await fetchSubscriptionInfo(sub.data, token), token }, linkError: null };
    } catch (err) {
      const code = errorCode(err);
      if (code === 'CANCEL_LINK_INVALID' || code === 'SUBSCRIPTION_NOT_FOUND')
        return { hl, link: null, linkError: code };
      throw err;
    }
  });
}

/** Where a cancellation lands: the success screen, told until when access lasts. */
function useFinish() {
  const navigate = useNavigate();
  const scope = useScope();
  return (subs: TSubscriptionSummary[]) => {
    const until = subs
      .map((s) => s.accessUntil)
      .sort()
      .at(-1);
    navigate(
      withKeptQuery(buildHref('cancelSuccess', { scope: scope.value }, until ? { until } : {}), location.search),
    );
  };
}

/** What cancelling means, then the one confirm (and the other way: keep it, or another address). */
function ConfirmCancel(props: {
  busy: boolean;
  error: string | undefined;
  onConfirm: () => void;
  other: { label: string; onClick: () => void };
}) {
  const { t } = useTranslation('checkout');
  return (
    <>
      <p>{t('cancel.confirmNote')}</p>
      <p className="form__error" role="alert" hidden={!props.error}>
        {props.error ?? ''}
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          onClick={props.onConfirm}
          disabled={props.busy}
          aria-busy={props.busy}
        >
          {props.busy ? t('cancel.working') : t('cancel.confirm')}
        </button>
        <button type="button" className="button button--secondary" onClick={props.other.onClick}>
          {props.other.label}
        </button>
      </div>
    </>
  );
}

/** The one-click page of an e-mail's link: the subscription's terms, then one confirm. */
function LinkedSubscription({ data, link }: { data: CancelData; link: NonNullable<CancelData['link']> }) {
  const { t } = useTranslation(['checkout', 'common']);
  const scope = useScope();
  const finish = useFinish();
  const errorMessage = useErrorMessage();
  const plans = useQuery(planListQuery(scope.examId, pricingCountry(data.hl), data.hl)).data;
  const cancel = useCancelSubscription();
  // Still busy once cancelled: the page is on its way to the success screen.
  const busy = cancel.isPending || cancel.isSuccess;
  const error = cancel.isError ? errorMessage(cancel.error) : undefined;
  const [kept, setKept] = useState(false);
  const sub = link.subscription;
  const title = plans?.plans.find((p) => p.planId === sub.planId)?.title ?? '';
  const done = sub.cancelRequested || sub.status === 'canceled';
  const date = (iso: string) => formatDate(iso, data.hl);

  function confirm() {
    if (busy) return;
    cancel.mutate(
      { subscriptionId: sub.subscriptionId, token: link.token, hl: data.hl },
      { onSuccess: (res) => finish(res.subscriptions) },
    );
  }

  return (
    <section className="card cancel-subscription" aria-labelledby="cancel-link-title">
      <h2 id="cancel-link-title">{t('cancel.linkTitle')}</h2>
      <dl className="order-summary__list">
        <div className="order-summary__row">
          <dt>{t('cancel.plan')}</dt>
          <dd>{title}</dd>
        </div>
        <div className="order-summary__row">
          <dt>{t('cancel.status')}</dt>
          <dd>{t(`cancel.statuses.${sub.status}`)}</dd>
        </div>
        <div className="order-summary__row">
          <dt>{t('cancel.price')}</dt>
          <dd>{billedPhrase(t, { ...sub, price: { amount: sub.amount, currency: sub.currency } })}</dd>
        </div>
        {sub.nextChargeAt ? (
          <div className="order-summary__row">
            <dt>{t('cancel.nextCharge')}</dt>
            <dd>{date(sub.nextChargeAt)}</dd>
          </div>
        ) : null}
        <div className="order-summary__row">
          <dt>{t('cancel.accessUntil')}</dt>
          <dd>{date(sub.accessUntil)}</dd>
        </div>
      </dl>
      {done ? (
        <p className="notice">{t('cancel.alreadyCanceled')}</p>
      ) : kept ? (
        <p className="notice" role="status">
          {t('cancel.kept')}
        </p>
      ) : (
        <ConfirmCancel
          busy={busy}
          error={error}
          onConfirm={confirm}
          other={{ label: t('cancel.keep'), onClick: () => setKept(true) }}
        />
      )}
    </section>
  );
}

/**
 * Cancelling by address: the address gets the one-click links (an address typed here proves nothing), and
 * the page says the same whether or not a subscription exists, so it tells no one who subscribes.
 */
function ByEmail({ data }: { data: CancelData }) {
  const { t } = useTranslation(['checkout', 'common', 'errors']);
  const errorMessage = useErrorMessage();
  const [email, setEmail] = useState(() => useAppState.getState().email);
  const [error, setError] = useState<string>();
  const check = useCheckUnsubscribeEmail();
  const busy = check.isPending;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);

  useLayoutEffect(() => {
    if (sentTo) sentHeading.current?.focus();
  }, [sentTo]);

  const focusEmail = () => document.querySelector<HTMLElement>('input[name="email"]')?.focus();

  function send(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    const key = emailErrorKey(value);
    const invalid = key
      ? t(key === 'validation.emailInvalid' ? 'common:validation.emailInvalidSubscription' : `common:${key}`)
      : undefined;
    setError(invalid);
    if (invalid) return focusEmail();
    check.mutate(
      { email: value, hl: data.hl },
      {
        onSuccess: () => setSentTo(value),
        onError: (err) => {
          setError(errorMessage(err));
          focusEmail();
        },
      },
    );
  }

  if (sentTo) {
    return (
      <section className="card cancel-subscription" aria-labelledby="cancel-sent-title">
        <h2 id="cancel-sent-title" ref={sentHeading} tabIndex={-1}>
          {t('cancel.sentTitle')}
        </h2>
        <p role="status">{t('cancel.sent', { email: sentTo })}</p>
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={() => setSentTo(null)}>
            {t('cancel.useOtherEmail')}
          </button>
        </div>
      </section>
    );
  }
  return (
    <form className="card form cancel-form" noValidate onSubmit={send}>
      <EmailField label={t('cancel.email')} value={email} onChange={setEmail} error={error} />
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
        {busy ? t('cancel.checking') : t('cancel.find')}
      </button>
    </form>
  );
}

function CancelScreen({ data }: { data: CancelData }) {
  const { t } = useTranslation(['checkout', 'errors']);
  const scope = useScope();
  const [search] = useSearchParams();
  return (
    <div className="container page page--narrow">
      <PageTitle title={t('cancel.title')} />
      <h1>{t('cancel.title')}</h1>
      {data.link ? (
        <LinkedSubscription key={search.get('sub')} data={data} link={data.link} />
      ) : (
        <>
          <p className="lead">{t('cancel.lead')}</p>
          {data.linkError ? (
            <p className="card notice notice--error" role="alert">
              {t(`errors:${data.linkError}`)}
            </p>
          ) : null}
          <ByEmail data={data} />
        </>
      )}
      <p className="meta">
        <AppLink to={buildHref('help', { scope: scope.value })}>{t('cancel.help')}</AppLink>
      </p>
    </div>
  );
}

/** Cancel a subscription: by an e-mail's one-click link, or by the address that paid. No login. */
export const Component = guarded(CancelScreen);

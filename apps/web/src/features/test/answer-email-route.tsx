import { useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { privacyAndAgreementQuery } from '../../api/get-protocols';
import { useAppState } from '../../app/app-state';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink, withKeptQuery } from '../../components/app-link';
import { EmailField, emailErrorKey } from '../../components/email-field';
import { PageTitle } from '../../components/page-title';
import { localeFromRequest, useLocale } from '../../i18n/use-locale';
import { useErrorMessage } from '../../lib/use-error-message';
import { updateOrderEmail } from './api/update-order-email';

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  const scope = scopeFromParams(params);
  orderFromSearch(new URL(request.url).searchParams);
  await queryClient.ensureQueryData(privacyAndAgreementQuery(scope.examId, localeFromRequest(request)));
  return null;
}

const CJK = new Set(['zh-CN', 'zh-HK', 'ja', 'ko']);

/** E-mail capture with consent to the terms and the privacy policy (the box is never ticked for the visitor). */
export function Component() {
  const { t } = useTranslation(['test', 'common']);
  const scope = useScope();
  const locale = useLocale();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const [search] = useSearchParams();
  const orderNumber = orderFromSearch(search);
  const { data: docs } = useSuspenseQuery(privacyAndAgreementQuery(scope.examId, locale));
  const setAppState = useAppState((s) => s.set);
  const [value, setValue] = useState(useAppState.getState().email);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; consent?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const consentId = useId();
  const sep = CJK.has(locale) ? '' : ' ';

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    const emailKey = emailErrorKey(value);
    if (emailKey) found.email = t(`common:${emailKey}`);
    if (!agreed) found.consent = t('common:validation.privacyRequired');
    setErrors(found);
    if (found.email || found.consent) {
      document.querySelector<HTMLElement>(found.email ? 'input[name="email"]' : `#${CSS.escape(consentId)}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await updateOrderEmail(
        orderNumber,
        value.trim(),
        { terms: docs.terms.version, privacy: docs.privacy.version },
        locale,
      );
      setAppState({ email: value.trim() });
      navigate(
        withKeptQuery(buildHref('answerSubmit', { scope: scope.value }, { order: orderNumber }), location.search),
      );
    } catch (err) {
      setErrors({ form: errorMessage(err) });
      setBusy(false);
    }
  }

  const termsHref = buildHref('protocol', { scope: scope.value, kind: 'terms' });
  const privacyHref = buildHref('protocol', { scope: scope.value, kind: 'privacy' });
  return (
    <div className="container page page--narrow">
      <PageTitle title={t('email.title')} />
      <h1>{t('email.title')}</h1>
      <p className="lead">{t('email.lead')}</p>
      <form className="card form" noValidate onSubmit={submit}>
        <EmailField label={t('email.label')} value={value} onChange={setValue} error={errors.email} />
        <div className="consent" data-invalid={errors.consent ? true : undefined}>
          <input
            id={consentId}
            type="checkbox"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${consentId}-error` : undefined}
          />
          <label htmlFor={consentId}>
            {t('email.agree')}
            {sep}
            <AppLink to={termsHref} target="_blank">
              {t('email.terms')}
            </AppLink>
            {sep}
            {t('email.and')}
            {sep}
            <AppLink to={privacyHref} target="_blank">
              {t('email.privacy')}
            </AppLink>
          </label>
          {errors.consent ? (
            <p id={`${consentId}-error`} className="field__error">
              {errors.consent}
            </p>
          ) : null}
        </div>
        {errors.form ? (
          <p className="form__error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
          {t('email.submit')}
        </button>
      </form>
    </div>
  );
}

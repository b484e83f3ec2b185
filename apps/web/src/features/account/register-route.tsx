import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import { useScope } from '../../app/use-scope';
import { AppLink, withKeptQuery } from '../../components/app-link';
import { EmailField } from '../../components/email-field';
import { Field } from '../../components/field';
import { PageTitle } from '../../components/page-title';
import { useLocale } from '../../i18n/use-locale';
import { useErrorMessage } from '../../lib/use-error-message';
import { setCurrentUser } from './api/current-user';
import { sendCode, verifyCode } from './api/email-code';
import { registerAccount } from './api/register';
import { CodeEntry } from './components/code-entry';
import { FormNotice } from './components/form-notice';
import { NewPasswordFields } from './components/new-password-fields';
import { safeReturnTo } from './return-to';
import { useAccountHref } from './use-account-href';
import { codeError, confirmError, emailError, newPasswordError } from './validate';

export function loader({ params }: LoaderFunctionArgs) {
  scopeFromParams(params);
  return null;
}

type Errors = Partial<Record<'name' | 'email' | 'password' | 'confirm' | 'agreement' | 'code', string>>;

/** Register: name, e-mail, password twice, the privacy agreement; then the e-mailed code confirms it. */
export function Component() {
  const { t } = useTranslation(['account', 'common', 'errors']);
  const locale = useLocale();
  const scope = useScope();
  const href = useAccountHref();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const agreementId = useId();
  const deleted = search.get('deleted') === '1';
  const [step, setStep] = useState<'form' | 'code'>('form');
  const [form, setForm] = useState({ name: '', email: '', password: '', confirm: '', agreement: false, code: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const set = (k: keyof typeof form) => (v: string | boolean) => setForm((f) => ({ ...f, [k]: v }));
  const tr = (key: string | undefined) => (key ? t(key as 'account:fields.email') : undefined);

  async function run(task: () => Promise<void>) {
    setBusy(true);
    setNotice(undefined);
    try {
      await task();
    } catch (err) {
      setNotice({ kind: 'error', text: errorMessage(err) });
      noticeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  function focusFirstError(next: Errors) {
    const first = (Object.keys(next) as (keyof Errors)[]).find((k) => next[k]);
    if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return first !== undefined;
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const next: Errors = {
      name: form.name.trim() ? undefined : t('common:validation.nameRequired'),
      email: tr(emailError(form.email)),
      password: tr(newPasswordError(form.password)),
      confirm: tr(confirmError(form.password, form.confirm)),
      agreement: form.agreement ? undefined : t('common:validation.privacyRequired'),
    };
    setErrors(next);
    if (focusFirstError(next)) return;
    void run(async () => {
      await registerAccount({ name: form.name.trim(), email: form.email.trim(), password: form.password, hl: locale });
      setStep('code');
      requestAnimationFrame(() => heading.current?.focus());
    });
  }

  function verify(e: FormEvent) {
    e.preventDefault();
    const next: Errors = { code: tr(codeError(form.code)) };
    setErrors(next);
    if (focusFirstError(next)) return;
    void run(async () => {
      const { user } = await verifyCode(form.email.trim(), form.code.trim(), 'register');
      await setCurrentUser(queryClient, user);
      navigate(withKeptQuery(safeReturnTo(search.get('from'), href('userInfo'))), {
        replace: true,
        state: { accountNotice: 'loginSuccess' },
      });
    });
  }

  function resend() {
    void run(async () => {
      await sendCode(form.email.trim(), 'register', locale);
      setNotice({ kind: 'success', text: t('notice.codeSent') });
      noticeRef.current?.focus();
    });
  }

  if (step === 'code') {
    return (
      <div className="container page page--narrow account-page">
        <PageTitle title={t('register.checkTitle')} />
        <h1 ref={heading} tabIndex={-1}>
          {t('register.checkTitle')}
        </h1>
        <p className="lead">{t('register.checkLead', { email: form.email.trim() })}</p>
        <FormNotice ref={noticeRef} kind={notice?.kind}>
          {notice?.text}
        </FormNotice>
        <CodeEntry
          code={form.code}
          error={errors.code}
          onChange={set('code')}
          onSubmit={verify}
          submitLabel={t('register.verify')}
          busy={busy}
          onResend={resend}
          actions={
            <button type="button" className="button button--ghost" onClick={() => setStep('form')}>
              {t('register.changeEmail')}
            </button>
          }
        />
      </div>
    );
  }

  return (
    <div className="container page page--narrow account-page">
      <PageTitle title={t('register.title')} />
      <h1>{t('register.title')}</h1>
      {deleted ? (
        <p className="notice notice--success" role="status">
          {t('setting.deleted')}
        </p>
      ) : null}
      <p className="lead">{t('register.lead')}</p>
      <FormNotice ref={noticeRef} kind={notice?.kind}>
        {notice?.text}
      </FormNotice>
      <form className="card form" noValidate onSubmit={submit}>
        <Field
          label={t('fields.name')}
          name="name"
          value={form.name}
          onChange={set('name')}
          error={errors.name}
          autoComplete="name"
          maxLength={80}
          required
        />
        <EmailField label={t('fields.email')} value={form.email} onChange={set('email')} error={errors.email} />
        <NewPasswordFields labels="password" values={form} errors={errors} onChange={set} />
        <div className="field field--check" data-invalid={errors.agreement ? true : undefined}>
          <input
            id={agreementId}
            name="agreement"
            type="checkbox"
            checked={form.agreement}
            onChange={(e) => set('agreement')(e.target.checked)}
            aria-invalid={errors.agreement ? true : undefined}
            aria-describedby={errors.agreement ? `${agreementId}-error` : undefined}
          />
          <label htmlFor={agreementId}>
            {t('register.agreementBefore')}
            <AppLink to={buildHref('protocol', { scope: scope.value, kind: 'privacy' })} target="_blank">
              {t('register.privacyPolicy')}
            </AppLink>
          </label>
          {errors.agreement ? (
            <p id={`${agreementId}-error`} className="field__error">
              {errors.agreement}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
          {t('register.submit')}
        </button>
      </form>
      <p className="meta account-switch">
        {t('register.haveAccount')} <AppLink to={href('userLogin')}>{t('register.login')}</AppLink>
      </p>
    </div>
  );
}

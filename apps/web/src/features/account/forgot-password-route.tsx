import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { scopeFromParams } from '../../app/scope-from-params';
import { AppLink } from '../../components/app-link';
import { EmailField } from '../../components/email-field';
import { PageTitle } from '../../components/page-title';
import { useLocale } from '../../i18n/use-locale';
import { useErrorMessage } from '../../lib/use-error-message';
import { setCurrentUser } from './api/current-user';
import { sendCode, verifyCode } from './api/email-code';
import { resetWithCode } from './api/passwords';
import { CodeEntry } from './components/code-entry';
import { FormNotice } from './components/form-notice';
import { NewPasswordFields } from './components/new-password-fields';
import { useAccountHref } from './use-account-href';
import { codeError, confirmError, emailError, newPasswordError } from './validate';

export function loader({ params }: LoaderFunctionArgs) {
  scopeFromParams(params);
  return null;
}

type Step = 'email' | 'code' | 'password' | 'done';
type Errors = Partial<Record<'email' | 'code' | 'password' | 'confirm', string>>;

/** Forgot password: a code by e-mail, the code, a new password (spec section 4: send, enter, set). */
export function Component() {
  const { t } = useTranslation(['account', 'common', 'errors']);
  const locale = useLocale();
  const href = useAccountHref();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [step, setStep] = useState<Step>('email');
  const [form, setForm] = useState({ email: '', code: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const tr = (key: string | undefined) => (key ? t(key as 'account:fields.email') : undefined);

  function check(next: Errors): boolean {
    setErrors(next);
    const first = (Object.keys(next) as (keyof Errors)[]).find((k) => next[k]);
    if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return first === undefined;
  }

  async function run(task: () => Promise<void>) {
    setBusy(true);
    setNotice(undefined);
    try {
      await task();
    } catch (err) {
      setNotice({ kind: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
      requestAnimationFrame(() => noticeRef.current?.focus());
    }
  }

  const send = () =>
    run(async () => {
      await sendCode(form.email.trim(), 'reset', locale);
      setStep('code');
      setNotice({ kind: 'success', text: t('notice.codeSent') });
    });

  function submitEmail(e: FormEvent) {
    e.preventDefault();
    if (check({ email: tr(emailError(form.email)) })) void send();
  }

  function submitCode(e: FormEvent) {
    e.preventDefault();
    if (!check({ code: tr(codeError(form.code)) })) return;
    void run(async () => {
      await verifyCode(form.email.trim(), form.code.trim(), 'reset');
      setStep('password');
    });
  }

  function submitPassword(e: FormEvent) {
    e.preventDefault();
    const ok = check({
      password: tr(newPasswordError(form.password)),
      confirm: tr(confirmError(form.password, form.confirm)),
    });
    if (!ok) return;
    void run(async () => {
      await resetWithCode(form.email.trim(), form.code.trim(), form.password);
      // Every session ended, this browser's too.
      await setCurrentUser(queryClient, null);
      setStep('done');
      setNotice({ kind: 'success', text: t('notice.resetSuccess') });
    });
  }

  return (
    <div className="container page page--narrow account-page">
      <PageTitle title={t('forgot.title')} />
      <h1>{t('forgot.title')}</h1>
      <FormNotice ref={noticeRef} kind={notice?.kind}>
        {notice?.text}
      </FormNotice>
      {step === 'email' ? (
        <>
          <p className="lead">{t('forgot.lead')}</p>
          <form className="card form" noValidate onSubmit={submitEmail}>
            <EmailField label={t('fields.email')} value={form.email} onChange={set('email')} error={errors.email} />
            <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
              {t('forgot.send')}
            </button>
          </form>
        </>
      ) : null}
      {step === 'code' ? (
        <>
          <p className="lead">{t('forgot.sentLead', { email: form.email.trim() })}</p>
          <CodeEntry
            code={form.code}
            error={errors.code}
            onChange={set('code')}
            onSubmit={submitCode}
            submitLabel={t('forgot.checkCode')}
            busy={busy}
            onResend={() => void send()}
          />
        </>
      ) : null}
      {step === 'password' ? (
        <>
          <h2>{t('forgot.newPasswordTitle')}</h2>
          <form className="card form" noValidate onSubmit={submitPassword}>
            <NewPasswordFields labels="newPassword" values={form} errors={errors} onChange={set} />
            <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
              {t('forgot.submit')}
            </button>
          </form>
        </>
      ) : null}
      {step === 'done' ? (
        <div className="card">
          <p>{t('forgot.doneLead')}</p>
          <AppLink className="button button--primary" to={href('userLogin')}>
            {t('forgot.toLogin')}
          </AppLink>
        </div>
      ) : null}
    </div>
  );
}

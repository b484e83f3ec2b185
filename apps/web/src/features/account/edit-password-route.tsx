import type { TUser } from '@mindgauge/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { scopeFromParams } from '../../app/scope-from-params';
import { AppLink } from '../../components/app-link';
import { Field } from '../../components/field';
import { PageTitle } from '../../components/page-title';
import { useErrorMessage } from '../../lib/use-error-message';
import { setCurrentUser } from './api/current-user';
import { changePassword } from './api/passwords';
import { FormNotice } from './components/form-notice';
import { NewPasswordFields } from './components/new-password-fields';
import { SignedIn } from './components/signed-in';
import { useAccountHref } from './use-account-href';
import { confirmError, newPasswordError } from './validate';

export function loader({ params }: LoaderFunctionArgs) {
  scopeFromParams(params);
  return null;
}

type Errors = Partial<Record<'old' | 'password' | 'confirm', string>>;

/** Change password (old, new, confirmed new); a buyer signed in by the e-mailed link sets a first one. */
function PasswordForm({ user }: { user: TUser }) {
  const { t } = useTranslation(['account', 'common', 'errors']);
  const href = useAccountHref();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const setting = !user.hasPassword;
  const [form, setForm] = useState({ old: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string }>();
  const [ended, setEnded] = useState<number>();
  const [busy, setBusy] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const tr = (key: string | undefined) => (key ? t(key as 'account:fields.email') : undefined);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Errors = {
      old: setting || form.old ? undefined : t('fields.passwordRequired'),
      password: tr(newPasswordError(form.password)),
      confirm: tr(confirmError(form.password, form.confirm)),
    };
    setErrors(next);
    const first = (Object.keys(next) as (keyof Errors)[]).find((k) => next[k]);
    if (first) {
      document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    setNotice(undefined);
    try {
      const res = await changePassword(form.password, setting ? undefined : form.old);
      await setCurrentUser(queryClient, { ...user, hasPassword: true });
      setEnded(res.otherSessionsEnded);
      setNotice({ kind: 'success', text: t('editPassword.done') });
      setForm({ old: '', password: '', confirm: '' });
    } catch (err) {
      setNotice({ kind: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
      requestAnimationFrame(() => noticeRef.current?.focus());
    }
  }

  const title = setting ? t('editPassword.setTitle') : t('editPassword.title');
  return (
    <div className="container page page--narrow account-page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      {setting ? <p className="lead">{t('editPassword.setLead')}</p> : null}
      <FormNotice ref={noticeRef} kind={notice?.kind}>
        {notice ? (
          <>
            {notice.text}
            {ended !== undefined && notice.kind === 'success'
              ? ` ${t('editPassword.doneCount', { count: ended })}`
              : ''}
          </>
        ) : null}
      </FormNotice>
      {notice?.kind === 'success' ? (
        <p>
          <AppLink className="button button--primary" to={href('userInfo')}>
            {t('editPassword.toCentre')}
          </AppLink>
        </p>
      ) : (
        <form className="card form" noValidate onSubmit={submit}>
          {setting ? null : (
            <Field
              label={t('fields.oldPassword')}
              name="old"
              type="password"
              value={form.old}
              onChange={set('old')}
              error={errors.old}
              autoComplete="current-password"
              required
            />
          )}
          <NewPasswordFields labels="newPassword" values={form} errors={errors} onChange={set} />
          <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
            {setting ? t('editPassword.setSubmit') : t('editPassword.submit')}
          </button>
        </form>
      )}
    </div>
  );
}

export function Component() {
  return <SignedIn>{(user) => <PasswordForm user={user} />}</SignedIn>;
}

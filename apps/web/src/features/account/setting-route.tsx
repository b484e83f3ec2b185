import type { TUser } from '@mindgauge/contract';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { scopeFromParams } from '../../app/scope-from-params';
import { AppLink, withKeptQuery } from '../../components/app-link';
import { Field } from '../../components/field';
import { PageTitle } from '../../components/page-title';
import { useErrorMessage } from '../../lib/use-error-message';
import { deleteMyAccount } from './api/delete-account';
import { exportHref } from './api/export-account';
import { logOut } from './api/logout';
import { FormNotice } from './components/form-notice';
import { SignedIn } from './components/signed-in';
import { leaveSignedOut } from './leave-signed-out';
import { useAccountHref } from './use-account-href';

export function loader({ params }: LoaderFunctionArgs) {
  scopeFromParams(params);
  return null;
}

/** Settings: log out, change password, download my data, delete my account (what happens said plainly). */
function Settings({ user }: { user: TUser }) {
  const { t } = useTranslation(['account', 'common']);
  const href = useAccountHref();
  const errorMessage = useErrorMessage();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);

  async function logout() {
    setBusy(true);
    try {
      await logOut();
    } finally {
      leaveSignedOut(withKeptQuery(href('userLogin')));
    }
  }

  async function remove(e: FormEvent) {
    e.preventDefault();
    if (user.hasPassword && !password) {
      setError(t('fields.passwordRequired'));
      document.querySelector<HTMLElement>('input[name="deletePassword"]')?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await deleteMyAccount(user.hasPassword ? password : undefined);
      leaveSignedOut(withKeptQuery(href('userRegister', { deleted: '1' })));
    } catch (err) {
      setError(errorMessage(err));
      requestAnimationFrame(() => noticeRef.current?.focus());
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container page page--narrow account-page">
      <PageTitle title={t('setting.title')} />
      <h1>{t('setting.title')}</h1>
      <section className="card">
        <p>{t('setting.signedInAs', { email: user.email })}</p>
        <div className="button-row">
          <AppLink className="button button--secondary" to={href('userEditPassword')}>
            {t('setting.changePassword')}
          </AppLink>
          <button type="button" className="button button--primary" onClick={() => void logout()} disabled={busy}>
            {t('setting.logout')}
          </button>
        </div>
      </section>
      <section className="card" aria-labelledby="data-title">
        <h2 id="data-title">{t('setting.dataTitle')}</h2>
        <p>{t('setting.dataLead')}</p>
        <a className="button button--secondary" href={exportHref()} download="mindgauge-account.json">
          {t('setting.download')}
        </a>
      </section>
      <section className="card account-danger" aria-labelledby="delete-title">
        <h2 id="delete-title">{t('setting.deleteTitle')}</h2>
        <p>{t('setting.deleteLead')}</p>
        <p>
          <strong>{t('setting.paidOrders')}</strong>
        </p>
        <FormNotice ref={noticeRef} kind="error">
          {error && !(user.hasPassword && !password) ? error : null}
        </FormNotice>
        <form className="form" noValidate onSubmit={remove}>
          {user.hasPassword ? (
            <Field
              label={t('setting.deletePassword')}
              name="deletePassword"
              type="password"
              value={password}
              onChange={setPassword}
              error={user.hasPassword && !password ? error : undefined}
              autoComplete="current-password"
              required
            />
          ) : null}
          <button type="submit" className="button button--danger" disabled={busy} aria-busy={busy}>
            {t('setting.deleteSubmit')}
          </button>
        </form>
      </section>
    </div>
  );
}

export function Component() {
  return <SignedIn>{(user) => <Settings user={user} />}</SignedIn>;
}

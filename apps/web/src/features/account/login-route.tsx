import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { scopeFromParams } from '../../app/scope-from-params';
import { AppLink, withKeptQuery } from '../../components/app-link';
import { EmailField } from '../../components/email-field';
import { Field } from '../../components/field';
import { PageTitle } from '../../components/page-title';
import { useErrorMessage } from '../../lib/use-error-message';
import { setCurrentUser } from './api/current-user';
import { logIn, logInWithLink } from './api/login';
import { FormNotice } from './components/form-notice';
import { safeReturnTo } from './return-to';
import { useAccountHref } from './use-account-href';
import { emailError } from './validate';

export function loader({ params }: LoaderFunctionArgs) {
  scopeFromParams(params);
  return null;
}

/** Log in with e-mail and password, or with the one-time link of a report e-mail (`?link=`). */
export function Component() {
  const { t } = useTranslation(['account', 'common', 'errors']);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const href = useAccountHref();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string | undefined; password?: string | undefined }>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [linkState, setLinkState] = useState<'none' | 'busy' | 'failed'>(search.get('link') ? 'busy' : 'none');
  const notice = useRef<HTMLDivElement>(null);
  const linkUsed = useRef(false);
  const target = safeReturnTo(search.get('from'), href('userInfo'));

  useEffect(() => {
    const token = search.get('link');
    if (!token || linkUsed.current) return;
    // The link works once: a second effect run (strict mode) must not spend it again.
    linkUsed.current = true;
    logInWithLink(token).then(
      async (user) => {
        await setCurrentUser(queryClient, user);
        navigate(withKeptQuery(user.hasPassword ? target : href('userEditPassword')), {
          replace: true,
          state: { accountNotice: 'loginSuccess' },
        });
      },
      () => {
        setLinkState('failed');
        requestAnimationFrame(() => notice.current?.focus());
      },
    );
  }, [search, navigate, queryClient, href, target]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const emailKey = emailError(email, true);
    const next = {
      email: emailKey ? t(emailKey) : undefined,
      password: password ? undefined : t('account:fields.passwordRequired'),
    };
    setErrors(next);
    setFailure(undefined);
    if (next.email || next.password) {
      document.querySelector<HTMLElement>(next.email ? 'input[name="email"]' : 'input[name="password"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      const user = await logIn(email.trim(), password);
      await setCurrentUser(queryClient, user);
      navigate(withKeptQuery(target), { replace: true, state: { accountNotice: 'loginSuccess' } });
    } catch (err) {
      setFailure(errorMessage(err));
      notice.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  if (linkState === 'busy') {
    return (
      <div className="container page page--narrow">
        <PageTitle title={t('login.title')} />
        <h1>{t('login.title')}</h1>
        <p role="status">{t('login.linkBusy')}</p>
      </div>
    );
  }

  return (
    <div className="container page page--narrow account-page">
      <PageTitle title={t('login.title')} />
      <h1>{t('login.title')}</h1>
      <p className="lead">{t('login.lead')}</p>
      <FormNotice ref={notice} kind="error">
        {linkState === 'failed' ? (
          <>
            <strong>{t('login.linkFailedTitle')}</strong> {t('login.linkFailed')}
          </>
        ) : (
          failure
        )}
      </FormNotice>
      <form className="card form" noValidate onSubmit={submit}>
        <EmailField label={t('fields.email')} value={email} onChange={setEmail} error={errors.email} />
        <Field
          label={t('fields.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          required
        />
        <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
          {t('login.submit')}
        </button>
        <p className="meta">
          <AppLink to={href('userForgotPassword')}>{t('login.forgot')}</AppLink>
        </p>
      </form>
      <p className="meta account-switch">
        {t('login.noAccount')}{' '}
        <AppLink to={href('userRegister', search.get('from') ? { from: search.get('from') ?? '' } : {})}>
          {t('login.register')}
        </AppLink>
      </p>
    </div>
  );
}

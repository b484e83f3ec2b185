import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { buildHref } from '../../../app/paths';
import { useScope } from '../../../app/use-scope';
import { AppLink } from '../../../components/app-link';
import { PageTitle } from '../../../components/page-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { overviewQuery } from '../api/members-api';

/** A free test's page: its title, a way back, and the test itself only for a signed-in member. */
export function MembersShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('members');
  const scope = useScope();
  const location = useLocation();
  const overview = useQuery(overviewQuery());
  const errorMessage = useErrorMessage();
  const back = buildHref('members', { scope: scope.value });
  const from = location.pathname + location.search;
  return (
    <div className="container page members-page">
      <PageTitle title={title} />
      <p>
        <AppLink to={back}>{t('page.back')}</AppLink>
      </p>
      <h1>{title}</h1>
      {overview.isPending ? <p className="meta">{t('page.loading')}</p> : null}
      {overview.isError ? (
        <p className="notice notice--error" role="alert">
          {errorMessage(overview.error)}{' '}
          <button type="button" className="button button--secondary" onClick={() => overview.refetch()}>
            {t('page.retry')}
          </button>
        </p>
      ) : null}
      {overview.data === null ? (
        <section className="card" aria-labelledby="members-signin-title">
          <h2 id="members-signin-title">{t('visitor.title')}</h2>
          <p>{t('visitor.body')}</p>
          <AppLink className="button button--primary" to={buildHref('userLogin', { scope: scope.value }, { from })}>
            {t('visitor.login')}
          </AppLink>
        </section>
      ) : null}
      {overview.data ? children : null}
    </div>
  );
}

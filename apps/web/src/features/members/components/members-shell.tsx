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

interface MembersShellProps {
  title: string;
  /** The members' page itself: a lead instead of the way back, and its content shown to visitors too. */
  overview?: { lead: string };
  /**
   * What a visitor (not signed in) is asked to do, given `from` (this page, to come back to); by default
   * signing in.
   */
  visitorActions?: (from: string) => ReactNode;
  children: ReactNode;
}

/**
 * A page of the members' area: its title, loading, an error with a retry, and the call to a visitor. A free
 * test's page shows the test only to a signed-in member; the members' page shows its list to everyone.
 */
export function MembersShell({ title, overview: isOverview, visitorActions, children }: MembersShellProps) {
  const { t } = useTranslation('members');
  const scope = useScope();
  const location = useLocation();
  const overview = useQuery(overviewQuery());
  const errorMessage = useErrorMessage();
  const from = location.pathname + location.search;
  return (
    <div className="container page members-page">
      <PageTitle title={title} />
      {isOverview ? null : (
        <p>
          <AppLink to={buildHref('members', { scope: scope.value })}>{t('page.back')}</AppLink>
        </p>
      )}
      <h1>{title}</h1>
      {isOverview ? <p className="lead">{isOverview.lead}</p> : null}
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
        <section className="card members-visitor" aria-labelledby="members-visitor-title">
          <h2 id="members-visitor-title">{t('visitor.title')}</h2>
          <p>{t('visitor.body')}</p>
          {visitorActions ? (
            visitorActions(from)
          ) : (
            <AppLink className="button button--primary" to={buildHref('userLogin', { scope: scope.value }, { from })}>
              {t('visitor.login')}
            </AppLink>
          )}
        </section>
      ) : null}
      {overview.data || isOverview ? children : null}
    </div>
  );
}

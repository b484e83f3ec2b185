import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { buildHref } from '../../app/paths';
import { AppLink } from '../../components/app-link';
import { readConfig } from '../../lib/persisted-config';
import { HomeButton } from './home-button';

/**
 * The spec's 404: status message "Page Not Found" followed by the path. A report's screen opened without its
 * report (from the site's menu) also says where reports are opened from, and offers to send them again.
 */
export function NotFoundScreen({ needsReport = false }: { needsReport?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const config = readConfig();
  return (
    <section className="status-screen container" aria-labelledby="nf-title">
      <p className="status-screen__code" aria-hidden="true">
        {t('notFound.status')}
      </p>
      <h1 id="nf-title">
        {t('notFound.title')} <span className="status-screen__path">{pathname}</span>
      </h1>
      {needsReport ? (
        <>
          <p>{t('notFound.needsReport')}</p>
          <div className="button-row">
            <AppLink
              to={buildHref('reportRetrieve', { scope: `${config.appCode}-${config.examId}` })}
              className="button button--primary"
            >
              {t('notFound.retrieve')}
            </AppLink>
            <HomeButton />
          </div>
        </>
      ) : (
        <>
          <p>{t('notFound.path', { path: pathname })}</p>
          <HomeButton />
        </>
      )}
    </section>
  );
}

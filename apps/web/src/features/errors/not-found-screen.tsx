import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { HomeButton } from './home-button';

/** The spec's 404: status message "Page Not Found" followed by the path. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <section className="status-screen container" aria-labelledby="nf-title">
      <p className="status-screen__code" aria-hidden="true">
        {t('notFound.status')}
      </p>
      <h1 id="nf-title">
        {t('notFound.title')} <span className="status-screen__path">{pathname}</span>
      </h1>
      <p>{t('notFound.path', { path: pathname })}</p>
      <HomeButton />
    </section>
  );
}

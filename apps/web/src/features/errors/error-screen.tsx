import { useTranslation } from 'react-i18next';
import { HomeButton } from './home-button';

/** The error page: the status code and "Go back home". */
export function ErrorScreen({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <section className="status-screen container" aria-labelledby="err-title">
      <p className="status-screen__code" aria-hidden="true">
        {status}
      </p>
      <h1 id="err-title">{t('error.title')}</h1>
      <p className="status-screen__status">{t('error.status', { status })}</p>
      <p>{t('error.body')}</p>
      <div className="button-row">
        <HomeButton />
        <button type="button" className="button button--secondary" onClick={() => location.reload()}>
          {t('error.reload')}
        </button>
      </div>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import { AppLink } from '../../components/app-link';
import { PageTitle } from '../../components/page-title';
import { StatusIcon } from '../../components/status-icon';
import { formatDate } from '../../i18n/format-date';
import { useLocale } from '../../i18n/use-locale';

export function loader({ params }: LoaderFunctionArgs) {
  scopeFromParams(params);
  return null;
}

/** "Cancellation successful": nothing more is charged, until when access lasts, and the e-mail to come. */
export function Component() {
  const { t } = useTranslation(['checkout']);
  const locale = useLocale();
  const [search] = useSearchParams();
  const until = Date.parse(search.get('until') ?? '');
  return (
    <section className="status-screen container cancel-success" aria-labelledby="cancel-success-title">
      <PageTitle title={t('cancel.successTitle')} />
      <StatusIcon kind="success" />
      <h1 id="cancel-success-title">{t('cancel.successTitle')}</h1>
      <p>{t('cancel.successBody')}</p>
      {Number.isFinite(until) ? <p>{t('cancel.successAccess', { date: formatDate(until, locale) })}</p> : null}
      <div className="button-row">
        <AppLink to={buildHref('home', {})} className="button button--secondary">
          {t('cancel.backHome')}
        </AppLink>
      </div>
    </section>
  );
}

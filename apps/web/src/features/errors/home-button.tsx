import { useTranslation } from 'react-i18next';
import { buildHref } from '../../app/paths';
import { isRegistered } from '../../app/screens';
import { AppLink } from '../../components/app-link';
import { readConfig } from '../../lib/persisted-config';

/**
 * "Go back home": to the landing page of the stored exam, with the kept query; to the home page until the
 * landing screens exist.
 */
export function HomeButton() {
  const { t } = useTranslation();
  const config = readConfig();
  const scope = `${config.appCode}-${config.examId}`;
  const to = isRegistered('landing') ? buildHref('landing', { scope, variant: 'test_center' }) : '/';
  return (
    <AppLink to={to} className="button button--primary">
      {t('notFound.goHome')}
    </AppLink>
  );
}

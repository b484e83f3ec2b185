import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useLocation } from 'react-router';
import { scopeFromParams } from '../../app/scope-from-params';
import { PageTitle } from '../../components/page-title';
import { OrderList } from './components/order-list';
import { ProfileForm } from './components/profile-form';
import { SignedIn } from './components/signed-in';
import { VipPanel } from './components/vip-panel';

export function loader({ params }: LoaderFunctionArgs) {
  scopeFromParams(params);
  return null;
}

/** The personal centre: reports by status, personal info, and the VIP centre. */
export function Component() {
  const { t } = useTranslation('account');
  const location = useLocation();
  const notice = (location.state as { accountNotice?: string } | null)?.accountNotice;
  return (
    <SignedIn>
      {(user) => (
        <div className="container page account-page account-centre">
          <PageTitle title={t('info.title')} />
          <h1>{t('info.title')}</h1>
          {notice === 'loginSuccess' ? (
            <p className="notice notice--success" role="status">
              {t('notice.loginSuccess')}
            </p>
          ) : null}
          <p className="lead">{t('info.hello', { name: user.nickname || user.name || user.email })}</p>
          <OrderList userId={user.id} />
          <VipPanel userId={user.id} />
          <ProfileForm user={user} />
        </div>
      )}
    </SignedIn>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useLocation, useSearchParams } from 'react-router';
import { scopeFromParams } from '../../app/scope-from-params';
import { AppLink } from '../../components/app-link';
import { PageTitle } from '../../components/page-title';
import { ensureConsoleNamespace } from '../../i18n/i18n';
import { ApiResponseError } from '../../lib/api-client';
import { AuditPanel } from './audit-panel';
import { CataloguePanel } from './catalogue-panel';
import { meQuery } from './console-api';
import { FunnelPanel } from './funnel-panel';
import { MailPanel } from './mail-panel';
import { OrdersPanel } from './orders-panel';
import { PromosPanel } from './promos-panel';
import { ReviewsPanel } from './reviews-panel';
import { SecondFactor } from './second-factor';
import { SubscriptionsPanel } from './subscriptions-panel';
import { TicketsPanel } from './tickets-panel';
import { useConsoleHref } from './use-console-href';
import '../../styles/console.css';
import { ConsoleError } from './console-table';

export async function loader({ params }: LoaderFunctionArgs) {
  scopeFromParams(params);
  await ensureConsoleNamespace();
  return null;
}

export const PANELS = [
  'orders',
  'funnel',
  'subs',
  'catalogue',
  'promos',
  'reviews',
  'tickets',
  'mail',
  'audit',
] as const;
type Panel = (typeof PANELS)[number];
const isPanel = (v: string | null): v is Panel => (PANELS as readonly string[]).includes(v ?? '');

/**
 * The operator's console (issue 21): a chunk of its own, never in a visitor's bundle. It shows only what the
 * server answers for an operator who passed the second factor; everyone else sees why not and where to go.
 */
export function Component() {
  const { t } = useTranslation('console');
  const me = useQuery(meQuery());
  const location = useLocation();
  const href = useConsoleHref();
  const [search] = useSearchParams();
  const panel: Panel = isPanel(search.get('tab')) ? (search.get('tab') as Panel) : 'orders';

  if (me.isPending)
    return (
      <p className="container page" role="status">
        {t('loading')}
      </p>
    );
  if (me.isError) {
    const code = me.error instanceof ApiResponseError ? me.error.body?.code : undefined;
    return (
      <div className="container page page--narrow console">
        <PageTitle title={t('title')} />
        <h1>{t('title')}</h1>
        <ConsoleError error={me.error} />
        {code === 'NOT_SIGNED_IN' && (
          <AppLink className="button button--primary" to={href('userLogin', { from: location.pathname })}>
            {t('signIn')}
          </AppLink>
        )}
      </div>
    );
  }
  if (me.data.secondFactor !== 'ok') return <SecondFactor state={me.data.secondFactor} email={me.data.email} />;

  return (
    <div className="container page console">
      <PageTitle title={`${t(`tabs.${panel}`)} · ${t('title')}`} />
      <h1>{t('title')}</h1>
      <p className="console__who">{t('signedInAs', { email: me.data.email })}</p>
      <nav aria-label={t('sections')}>
        <ul className="console__tabs">
          {PANELS.map((p) => (
            <li key={p}>
              <AppLink to={`?tab=${p}`} aria-current={p === panel ? 'page' : undefined} className="console__tab">
                {t(`tabs.${p}`)}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      {panel === 'orders' && <OrdersPanel />}
      {panel === 'funnel' && <FunnelPanel />}
      {panel === 'subs' && <SubscriptionsPanel />}
      {panel === 'catalogue' && <CataloguePanel />}
      {panel === 'promos' && <PromosPanel />}
      {panel === 'reviews' && <ReviewsPanel />}
      {panel === 'tickets' && <TicketsPanel />}
      {panel === 'mail' && <MailPanel />}
      {panel === 'audit' && <AuditPanel />}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/format-date';
import { useLocale } from '../../../i18n/use-locale';
import { vipDetailQuery } from '../api/vip-detail';

/** The VIP centre: status, end date and privileges (the member discount on every extra). */
export function VipPanel({ userId }: { userId: string }) {
  const { t } = useTranslation(['account', 'common']);
  const locale = useLocale();
  const vip = useQuery(vipDetailQuery(userId, locale));
  const d = vip.data;
  return (
    <section id="vip" className="card account-vip" aria-labelledby="vip-title">
      <h2 id="vip-title">{t('vip.title')}</h2>
      {!d ? <p className="meta">{t('common:a11y.loading')}</p> : null}
      {d?.vip ? (
        <>
          <p className="account-vip__status">
            {/* In the first week, the welcome of a new member; after it, the standing. */}
            <strong>
              {d.since && Date.now() - Date.parse(d.since) < 7 * 86_400_000 ? t('vip.became') : t('vip.member')}
            </strong>
          </p>
          {d.until ? <p>{t('vip.until', { date: formatDate(d.until, locale) })}</p> : null}
        </>
      ) : null}
      {d && !d.vip ? <p>{t('vip.notMember')}</p> : null}
      {d ? (
        <>
          <h3>{t('vip.privileges')}</h3>
          {d.privileges.length ? (
            <ul>
              {d.privileges.map((p) => (
                <li key={p.id}>{p.id === 'discount' ? t('vip.discount', { percent: d.percentOff }) : p.name}</li>
              ))}
            </ul>
          ) : (
            <p className="meta">{t('vip.noPrivileges')}</p>
          )}
        </>
      ) : null}
    </section>
  );
}

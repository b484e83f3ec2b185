import type { TRecentCompletion } from '@mindgauge/contract';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/use-locale';
import { numberFormat } from '../../lib/intl-cache';
import { useDeferredQueryData } from '../../lib/use-deferred-query-data';
import { socialProofQuery } from './api/get-social-proof';
import { regionNamer } from './region-names';

function RecentLine({ r, name }: { r: TRecentCompletion; name: (code: string) => string }) {
  const { t } = useTranslation('growth');
  const count = r.minutesAgo;
  if (r.country && r.initial)
    return <>{t('proof.recentNamed', { initial: r.initial, country: name(r.country), count })}</>;
  if (r.country) return <>{t('proof.recentAnon', { country: name(r.country), count })}</>;
  return <>{t('proof.recentNowhere', { count })}</>;
}

/**
 * The spec's counters, recent-activity notices and claim slots, fed by the platform's own records (product
 * stance): small and true on a fresh install; notices only when the server has enough recent completions;
 * a claim only when its figure exists.
 */
export function SocialProofSection({ examId }: { examId: number }) {
  const { t } = useTranslation('growth');
  const locale = useLocale();
  const proof = useDeferredQueryData(socialProofQuery(examId));
  if (!proof) return null;
  const number = numberFormat(locale);
  const name = regionNamer(locale);
  const counters = [
    ['lastWeek', proof.counters.lastWeek],
    ['last30Days', proof.counters.last30Days],
    ['allTime', proof.counters.allTime],
  ] as const;
  return (
    <section className="container section social-proof" aria-labelledby="proof-title">
      <h2 id="proof-title">{t('proof.title')}</h2>
      <dl className="grid grid--3 social-proof__counters">
        {counters.map(([key, value]) => (
          <div key={key} className="card social-proof__counter">
            <dt>{t(`proof.${key}`)}</dt>
            <dd className="social-proof__number">{number.format(value)}</dd>
          </div>
        ))}
      </dl>
      {proof.claims.testedAtLeast !== null ? (
        <p className="social-proof__claim">
          {t('proof.testedAtLeast', { number: number.format(proof.claims.testedAtLeast) })}
        </p>
      ) : null}
      {proof.claims.countries !== null ? (
        <p className="social-proof__claim">{t('proof.countries', { number: number.format(proof.claims.countries) })}</p>
      ) : null}
      {proof.recent.length > 0 ? (
        <>
          <h3>{t('proof.recentTitle')}</h3>
          <ul className="social-proof__recent">
            {proof.recent.map((r, i) => (
              // Completions have no public id: their place (newest first) and time are their key.
              <li key={`${i}-${r.minutesAgo}`}>
                <RecentLine r={r} name={name} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="meta">{t('proof.source')}</p>
    </section>
  );
}

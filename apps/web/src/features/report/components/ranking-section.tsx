import type { TReportSummary } from '@mindgauge/contract';
import { useTranslation } from 'react-i18next';
import { CountryTable } from '../../../components/country-table';
import { useLocale } from '../../../i18n/use-locale';
import { numberFormat, regionName } from '../../../lib/intl-cache';

/**
 * The ranking: against the population (the norm), and against people from the visitor's country who took
 * this test here, only from a minimum number of them; then the platform's top countries by mean IQ.
 */
export function RankingSection({ ranking, percentile }: { ranking: TReportSummary['ranking']; percentile: number }) {
  const { t } = useTranslation('report');
  const locale = useLocale();
  const country = ranking.country ? regionName(locale, ranking.country) : null;
  return (
    <section className="card" aria-labelledby="ranking-title">
      <h2 id="ranking-title">{t('ranking.title')}</h2>
      <p>{t('ranking.population', { percent: Math.round(percentile) })}</p>
      <p data-testid="ranking-country">
        {country === null
          ? t('ranking.noCountry')
          : ranking.countryPercentBelow === null
            ? t('ranking.countryTooFew', { country, min: ranking.minSample })
            : t('ranking.country', {
                country,
                n: numberFormat(locale).format(ranking.countryN),
                percent: Math.round(ranking.countryPercentBelow),
              })}
      </p>
      <h3>{t('ranking.topTitle')}</h3>
      <CountryTable countries={ranking.topCountries} minSample={ranking.minSample} />
    </section>
  );
}

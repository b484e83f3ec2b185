import type { TExamStats } from '@mindgauge/contract';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../i18n/use-locale';
import { numberFormat, regionName } from '../lib/intl-cache';

/** Mean IQ by country, from the platform's own results; country names from the browser (Intl). */
export function CountryTable({
  countries,
  minSample,
  tested = 0,
}: {
  countries: TExamStats['countries'];
  minSample: number;
  /** Shown above the table when given (the landing page's count of test takers). */
  tested?: number;
}) {
  const { t } = useTranslation('test');
  const locale = useLocale();
  const number = numberFormat(locale);
  return (
    <>
      {tested > 0 ? <p className="section__lead">{t('landing.countriesTested', { count: tested })}</p> : null}
      {countries.length === 0 ? (
        <p className="section__lead">{t('landing.countriesEmpty', { min: minSample })}</p>
      ) : (
        <table className="country-table">
          <caption className="visually-hidden">{t('landing.countriesCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('landing.countryColumn')}</th>
              <th scope="col">{t('landing.peopleColumn')}</th>
              <th scope="col">{t('landing.meanColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {countries.map((c) => (
              <tr key={c.country}>
                <th scope="row">{regionName(locale, c.country)}</th>
                <td>{number.format(c.n)}</td>
                <td>{c.meanIq}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

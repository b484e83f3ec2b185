import type { Locale } from '@mindgauge/contract';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { regionName } from '../../../lib/intl-cache';

/** The price table's country, as a native select (its currency in brackets). */
export function CountrySelect({
  locale,
  value,
  currency,
  countries,
  disabled,
  onChange,
}: {
  locale: Locale;
  value: string;
  currency: string;
  countries: { country: string; currency: string }[];
  disabled?: boolean;
  onChange: (country: string) => void;
}) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const options = useMemo(() => {
    const all = countries.some((c) => c.country === value) ? countries : [...countries, { country: value, currency }];
    return all
      .map((c) => ({ ...c, name: regionName(locale, c.country) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [countries, value, currency, locale]);
  return (
    <div className="field checkout-country">
      <label htmlFor={id}>{t('scheme.country.label')}</label>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {options.map((c) => (
          <option key={c.country} value={c.country}>
            {t('scheme.country.option', { country: c.name, currency: c.currency })}
          </option>
        ))}
      </select>
    </div>
  );
}

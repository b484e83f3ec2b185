import { describe, expect, it } from 'vitest';
import {
  DECIMAL_COMMA_CURRENCIES,
  formatMoney,
  isWholeUnitCurrency,
  majorAmount,
  NO_DECIMAL_CURRENCIES,
} from './money';

describe('formatMoney (spec section 9)', () => {
  it.each(NO_DECIMAL_CURRENCIES)('%s is divided by 100 and shown without decimals', (currency) => {
    const text = formatMoney(123_456_00, currency, { bare: true });
    expect(text).toBe('123,456');
    expect(formatMoney(78_049, currency, { bare: true })).toBe('780');
    expect(formatMoney(78_050, currency, { bare: true })).toBe('781');
    expect(isWholeUnitCurrency(currency)).toBe(true);
  });

  it.each(DECIMAL_COMMA_CURRENCIES)('%s uses a decimal comma and points between thousands', (currency) => {
    expect(formatMoney(1999, currency, { bare: true })).toBe('19,99');
    expect(formatMoney(123_456_78, currency, { bare: true })).toBe('123.456,78');
    expect(formatMoney(500, currency, { bare: true })).toBe('5,00');
    expect(isWholeUnitCurrency(currency)).toBe(false);
  });

  it.each(['USD', 'GBP', 'CAD', 'AUD', 'HKD', 'SGD', 'CHF', 'NZD'])(
    '%s keeps two decimals with a point',
    (currency) => {
      expect(formatMoney(1999, currency, { bare: true })).toBe('19.99');
      expect(formatMoney(123_456_78, currency, { bare: true })).toBe('123,456.78');
      expect(formatMoney(1000, currency, { bare: true })).toBe('10.00');
    },
  );

  it('places the symbol as the currency is written', () => {
    expect(formatMoney(1999, 'USD')).toBe('$19.99');
    expect(formatMoney(1999, 'EUR')).toBe('19,99 €');
    expect(formatMoney(78_000, 'JPY')).toBe('¥780');
    expect(formatMoney(690_000, 'KRW')).toBe('₩6,900');
    expect(formatMoney(7_990, 'BRL')).toBe('R$79,90');
    expect(formatMoney(1999, 'GBP')).toBe('£19.99');
    expect(formatMoney(1999, 'CHF')).toBe('CHF 19.99');
    expect(formatMoney(1999, 'XYZ')).toBe('XYZ 19.99');
    expect(formatMoney(-1999, 'USD')).toBe('-$19.99');
  });

  it('applies the optional multiplier as value / 10', () => {
    expect(majorAmount(1000, 'USD', { multiplier: 8 })).toBe(8);
    expect(formatMoney(1999, 'USD', { multiplier: 8 })).toBe('$15.99');
    expect(formatMoney(1999, 'EUR', { multiplier: 5 })).toBe('10,00 €');
    expect(formatMoney(78_000, 'JPY', { multiplier: 8 })).toBe('¥624');
    expect(formatMoney(1999, 'USD', { multiplier: 10 })).toBe('$19.99');
  });

  it('is case-insensitive on the currency code', () => {
    expect(formatMoney(1999, 'eur')).toBe('19,99 €');
    expect(formatMoney(78_000, 'jpy')).toBe('¥780');
  });
});

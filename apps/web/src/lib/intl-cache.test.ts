import { describe, expect, it } from 'vitest';
import { numberFormat, regionName } from './intl-cache';

describe('intl-cache', () => {
  it('keeps one formatter per locale and options, and formats in that locale', () => {
    expect(numberFormat('de')).toBe(numberFormat('de'));
    expect(numberFormat('de')).not.toBe(numberFormat('fr'));
    expect(numberFormat('de', { style: 'percent' })).not.toBe(numberFormat('de'));
    expect(numberFormat('de').format(12345.5)).toBe('12.345,5');
    expect(numberFormat('en', { style: 'percent', maximumFractionDigits: 1 }).format(0.125)).toBe('12.5%');
  });

  it("names a region in the locale's language, and falls back to the code", () => {
    expect(regionName('fr', 'DE')).toBe('Allemagne');
    expect(regionName('ja', 'FR')).toBe('フランス');
    expect(regionName('en', 'not a code')).toBe('not a code');
  });
});

import { describe, expect, it } from 'vitest';
import { inputFromMinor, minorFromInput } from './price-input';

describe('the console price input', () => {
  it('reads amounts as visitors see them, in hundredths', () => {
    expect(minorFromInput('24.99', 'GBP')).toBe(2499);
    expect(minorFromInput(' 24,9 ', 'EUR')).toBe(2490);
    expect(minorFromInput('1500', 'JPY')).toBe(150_000);
    expect(minorFromInput('7', 'USD')).toBe(700);
  });
  it('refuses what a visitor could not be shown', () => {
    for (const bad of ['', '0', '0.00', '-5', '1.999', 'abc', '1e3', '12.5.1'])
      expect(minorFromInput(bad, 'USD'), bad).toBeNull();
    expect(minorFromInput('1500.50', 'JPY')).toBeNull();
  });
  it('writes a stored amount back the way it is read', () => {
    expect(inputFromMinor(2499, 'GBP')).toBe('24.99');
    expect(inputFromMinor(150_000, 'JPY')).toBe('1500');
    expect(minorFromInput(inputFromMinor(2490, 'EUR'), 'EUR')).toBe(2490);
  });
});

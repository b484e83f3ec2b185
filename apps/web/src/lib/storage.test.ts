import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickKeptQuery, readConfig, updateConfig } from './persisted-config';
import { persistent, session } from './storage';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

describe('browser storage', () => {
  it('prefixes keys with IQ- and expires long-lived data after 365 days', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    persistent.set('theme', 'dark');
    expect(localStorage.getItem('IQ-theme')).toContain('dark');
    vi.setSystemTime(Date.UTC(2026, 0, 1) + 364 * 86_400_000);
    expect(persistent.get('theme')).toBe('dark');
    vi.setSystemTime(Date.UTC(2026, 0, 1) + 366 * 86_400_000);
    expect(persistent.get('theme')).toBeUndefined();
    expect(localStorage.getItem('IQ-theme')).toBeNull();
  });

  it('keeps app state per tab in session storage', () => {
    session.set('email', 'a@b.c');
    expect(sessionStorage.getItem('IQ-email')).toBe('"a@b.c"');
    expect(session.get('email')).toBe('a@b.c');
  });

  it('keeps only the tracking subset of the query', () => {
    expect(
      pickKeptQuery(
        '?hl=fr&fbclid=1&gclid=2&ScCid=3&MSCLKID=4&epik=5&utm_source=x&click_id=6&pixel_id=7&tt_test_id=8&ttclid=9&logid=z',
      ),
    ).toEqual({
      hl: 'fr',
      fbclid: '1',
      gclid: '2',
      ScCid: '3',
      MSCLKID: '4',
      epik: '5',
      click_id: '6',
      pixel_id: '7',
      tt_test_id: '8',
      ttclid: '9',
      logid: 'z',
    });
  });

  it('persists config with defaults', () => {
    expect(readConfig().examId).toBe(1799);
    updateConfig({ countryCode: 'FR' });
    expect(readConfig()).toMatchObject({ countryCode: 'FR', examId: 1799 });
  });
});

import { describe, expect, it } from 'vitest';
import { type ConsentInput, consentOutcome } from './consent-rule';
import { isExcludedPath } from './excluded-paths';

const base: ConsentInput = { continent: 'EU', mode: 'standard', excluded: false, choice: null };

describe('the consent rule', () => {
  it('asks visitors in Europe and stays denied until they answer', () => {
    expect(consentOutcome(base)).toEqual({ kind: 'ask' });
  });

  it('treats an unknown continent (no trusted country header) like Europe', () => {
    expect(consentOutcome({ ...base, continent: 'unknown' })).toEqual({ kind: 'ask' });
  });

  it('grants visitors elsewhere only after the consent wait', () => {
    expect(consentOutcome({ ...base, continent: 'other' })).toEqual({ kind: 'grant-after-wait' });
  });

  it('follows the visitor’s own choice, in Europe and elsewhere', () => {
    expect(consentOutcome({ ...base, choice: 'granted' })).toEqual({ kind: 'granted', basis: 'choice' });
    expect(consentOutcome({ ...base, choice: 'denied' })).toEqual({ kind: 'denied', basis: 'choice' });
    expect(consentOutcome({ ...base, continent: 'other', choice: 'denied' })).toEqual({
      kind: 'denied',
      basis: 'choice',
    });
  });

  it('never grants on an excluded path, whatever was chosen', () => {
    for (const continent of ['EU', 'other', 'unknown'] as const) {
      expect(consentOutcome({ ...base, continent, excluded: true, choice: 'granted' })).toEqual({
        kind: 'denied',
        basis: 'excluded-path',
      });
    }
  });

  it('never grants in a mode carrying the fb marker', () => {
    expect(consentOutcome({ ...base, mode: 'prod-fb', choice: 'granted' })).toEqual({ kind: 'denied', basis: 'mode' });
    expect(consentOutcome({ ...base, continent: 'other', mode: 'fb' })).toEqual({ kind: 'denied', basis: 'mode' });
  });
});

describe('excluded paths', () => {
  it('exclude report, account, cancel, legal and help pages, not the landing nor the payment page', () => {
    for (const p of [
      '/report/result/IQB-1799',
      '/report/share/IQB-1799',
      '/certificate/IQB-1799',
      '/retrieve/IQB-1799',
      '/user/login/IQB-1799',
      '/cancel/subscription/IQB-1799',
      '/protocol/privacy/IQB-1799',
      '/help/IQB-1799',
      '/support/IQB-1799',
      '/sandbox-processor/pay',
    ])
      expect(isExcludedPath(p), p).toBe(true);
    for (const p of [
      '/landing_page/test_center/IQB-1799',
      '/free/IQB-1799',
      '/answer_question/start_loading/IQB-1799',
      '/paying/scheme/IQB-1799',
      '/paying/payment/IQB-1799',
      '/paying/success/IQB-1799',
    ])
      expect(isExcludedPath(p), p).toBe(false);
  });
});

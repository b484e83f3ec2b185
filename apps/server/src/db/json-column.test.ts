import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZStoredScoringKey } from '../modules/exam/exam-json';
import { ZStoredPlanConsent } from '../modules/payments/payment-json';
import { parseJsonColumn, StoredJsonError } from './json-column';

describe('parseJsonColumn', () => {
  it('returns the parsed value when the stored JSON has the shape read', () => {
    const consent = JSON.stringify({
      terms: true,
      shownRecurringAmount: 2999,
      interval: 'MONTH',
      intervalCount: 1,
      trialDays: 0,
    });
    expect(parseJsonColumn(ZStoredPlanConsent, 'payments.consent', consent)).toMatchObject({
      shownRecurringAmount: 2999,
      interval: 'MONTH',
    });
  });

  it('fails loudly, naming the column and the field, on an old row of another shape', () => {
    // A plan consent from before the interval was stored with it.
    const old = JSON.stringify({ terms: true, shownRecurringAmount: 2999, period: 'monthly' });
    expect(() => parseJsonColumn(ZStoredPlanConsent, 'payments.consent', old)).toThrow(StoredJsonError);
    expect(() => parseJsonColumn(ZStoredPlanConsent, 'payments.consent', old)).toThrow(/payments\.consent.*interval/s);
    // A scoring key whose items lost their parameters.
    const key = JSON.stringify({ items: [{ id: 'i1', answerIndex: 2 }] });
    expect(() => parseJsonColumn(ZStoredScoringKey, 'exam_sessions.scoring_key', key)).toThrow(
      /exam_sessions\.scoring_key/,
    );
  });

  it('fails loudly on text that is not JSON at all', () => {
    expect(() => parseJsonColumn(z.array(z.string()), 'skus.features', '[not json')).toThrow(/skus\.features/);
  });
});

import { describe, expect, it } from 'vitest';
import { cleanReviewText, reviewerName } from '../reviews/reviews-service';
import { roundDownForClaim } from './social-proof-service';

describe('claim figures and review texts', () => {
  it('rounds all-time completions down to a 1-2-5 step, and claims nothing below 100', () => {
    expect(roundDownForClaim(0)).toBeNull();
    expect(roundDownForClaim(99)).toBeNull();
    expect(roundDownForClaim(100)).toBe(100);
    expect(roundDownForClaim(199)).toBe(100);
    expect(roundDownForClaim(200)).toBe(200);
    expect(roundDownForClaim(4_999)).toBe(2_000);
    expect(roundDownForClaim(5_000)).toBe(5_000);
    expect(roundDownForClaim(31_006_700)).toBe(20_000_000);
  });

  it('keeps review texts as plain text without control characters, and shows first name and initial', () => {
    expect(cleanReviewText('  Great\u0000 test\r\n\r\n\r\n\r\nThanks\u0007 ')).toBe('Great test\n\nThanks');
    expect(cleanReviewText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
    expect(reviewerName({ firstName: 'grace', lastName: 'hopper' })).toBe('grace H.');
    expect(reviewerName({ firstName: 'Émile', lastName: ' ' })).toBe('Émile');
    expect(reviewerName(null)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { parseSandboxMessage, safeUrl } from './sandbox-message';

describe('sandbox frame messages', () => {
  it('reads only messages marked as the sandbox form’s', () => {
    expect(parseSandboxMessage({ source: 'other', status: 'succeeded' })).toBeNull();
    expect(parseSandboxMessage('succeeded')).toBeNull();
    expect(parseSandboxMessage(null)).toBeNull();
    expect(
      parseSandboxMessage({ source: 'mindgauge-sandbox', status: 'failed', failureCode: 'card_declined' }),
    ).toEqual({
      status: 'failed',
      failureCode: 'card_declined',
      height: null,
    });
  });

  it('ignores unknown statuses and keeps the height within bounds', () => {
    expect(parseSandboxMessage({ source: 'mindgauge-sandbox', status: 'hacked', height: 380.4 })).toEqual({
      status: null,
      failureCode: null,
      height: 380,
    });
    expect(parseSandboxMessage({ source: 'mindgauge-sandbox', height: 1e9 })?.height).toBe(2000);
    expect(parseSandboxMessage({ source: 'mindgauge-sandbox', height: -3 })?.height).toBe(160);
  });

  it('follows only http(s) addresses', () => {
    expect(safeUrl('https://www.sandbox.paypal.com/checkoutnow?token=1')).toBe(
      'https://www.sandbox.paypal.com/checkoutnow?token=1',
    );
    expect(safeUrl('/api-pay/sandbox/form/abc')).toMatch(/^https?:\/\/.+\/api-pay\/sandbox\/form\/abc$/);
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('data:text/html,x')).toBeNull();
  });
});

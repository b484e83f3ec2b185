import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, REPO_ROOT, ZEnv } from './env';

describe('parseEnv', () => {
  it('runs with no configuration at all: SQLite, local mail, port 3000', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe('sqlite:data/mindgauge.db');
    expect(env.MAIL_TRANSPORT).toBe('local');
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.API_BASE_PATH).toBe('/api');
    expect(env.PAY_BASE_PATH).toBe('/api-pay');
  });

  it('reports every problem at once', () => {
    try {
      parseEnv({ PORT: 'abc', MAIL_TRANSPORT: 'smtp', API_BASE_PATH: 'api/', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      const problems = (err as EnvError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('API_BASE_PATH');
      expect(problems).toContain('LOG_LEVEL');
    }
  });

  it('requires SMTP_URL with the smtp transport and distinct bases', () => {
    expect(() => parseEnv({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ API_BASE_PATH: '/x', PAY_BASE_PATH: '/x' })).toThrow(/PAY_BASE_PATH/);
  });

  it('starts a movable clock ahead only for tests: CLOCK_OFFSET_MS needs CLOCK_CONTROL', () => {
    expect(parseEnv({ CLOCK_CONTROL: '1', CLOCK_OFFSET_MS: '86400000' }).CLOCK_OFFSET_MS).toBe(86_400_000);
    expect(() => parseEnv({ CLOCK_OFFSET_MS: '86400000' })).toThrow(/CLOCK_OFFSET_MS/);
    expect(() => parseEnv({ CLOCK_CONTROL: '1', CLOCK_OFFSET_MS: '-5' })).toThrow(/CLOCK_OFFSET_MS/);
  });

  it('every variable it reads stands in the README configuration table, and the table names no other', () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const documented = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(ZEnv.shape).sort());
  });

  describe('with NODE_ENV=production', () => {
    const smtp = { MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail.example.com:587' };
    const realPayments = { CARD_PROVIDER: 'none', PAYPAL_PROVIDER: 'none' };

    it('refuses the defaults, naming every test part and its switch', () => {
      try {
        parseEnv({ NODE_ENV: 'production' });
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(EnvError);
        const problems = (err as EnvError).problems.join('\n');
        expect(problems).toContain('CARD_PROVIDER=sandbox');
        expect(problems).toContain('PAYPAL_PROVIDER=sandbox');
        expect(problems).toContain('ALLOW_TEST_PAYMENTS=true');
        expect(problems).toContain('MAIL_TRANSPORT=local');
        expect(problems).toContain('DEV_MAILBOX=true');
      }
    });

    it('refuses Stripe test keys and PayPal sandbox as test payments too', () => {
      const stripe = { STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
      const paypal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's', PAYPAL_WEBHOOK_ID: 'w' };
      const base = { NODE_ENV: 'production', ...smtp, ...stripe, ...paypal };
      expect(() =>
        parseEnv({ ...base, CARD_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', PAYPAL_PROVIDER: 'none' }),
      ).toThrow(/STRIPE_SECRET_KEY is a test key/);
      expect(() => parseEnv({ ...base, CARD_PROVIDER: 'none', PAYPAL_PROVIDER: 'paypal' })).toThrow(
        /PAYPAL_API_BASE is PayPal's sandbox/,
      );
      const live = parseEnv({
        ...base,
        CARD_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_1',
        PAYPAL_PROVIDER: 'paypal',
        PAYPAL_API_BASE: 'https://api-m.paypal.com',
      });
      expect(live.testMode).toEqual([]);
    });

    it('runs real mail and processors with no banner', () => {
      expect(parseEnv({ NODE_ENV: 'production', ...smtp, ...realPayments }).testMode).toEqual([]);
    });

    it('runs each test part only with its own switch, and then tells every page', () => {
      expect(() => parseEnv({ NODE_ENV: 'production', ...smtp, ALLOW_TEST_PAYMENTS: 'true' })).not.toThrow();
      expect(() => parseEnv({ NODE_ENV: 'production', ...smtp, DEV_MAILBOX: 'true' })).toThrow(/ALLOW_TEST_PAYMENTS/);
      expect(() => parseEnv({ NODE_ENV: 'production', ...realPayments, ALLOW_TEST_PAYMENTS: 'true' })).toThrow(
        /DEV_MAILBOX/,
      );
      expect(parseEnv({ NODE_ENV: 'production', ...smtp, ALLOW_TEST_PAYMENTS: 'true' }).testMode).toEqual(['payments']);
      expect(parseEnv({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', DEV_MAILBOX: 'true' }).testMode).toEqual([
        'payments',
        'mailbox',
      ]);
    });
  });

  it('keeps `npm start` working with nothing set: development runs the test parts without a banner', () => {
    expect(parseEnv({}).testMode).toEqual([]);
    expect(parseEnv({ NODE_ENV: 'development' }).CARD_PROVIDER).toBe('sandbox');
  });
});

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

  it('every variable it reads stands in the README configuration table, and the table names no other', () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const documented = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(ZEnv.shape).sort());
  });
});

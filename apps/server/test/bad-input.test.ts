import { endpoints } from '@mindgauge/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from './test-app';

const BASES = { api: '/api', pay: '/api-pay' } as const;

/** Hostile path segments: text, huge and negative numbers, unicode, traversal, injection attempts. */
const segment = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1e9',
    '99999999999999999999',
    'NaN',
    '1.5',
    '..%2F..',
    "1' or '1'='1",
    'zz',
    'xx-YY',
    '%00',
    '🙂',
  ),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
);
const hostileJson = fc.oneof(
  fc.jsonValue(),
  fc.record({ appExamId: fc.anything() }),
  fc.record({
    name: fc.anything(),
    email: fc.anything(),
    message: fc.anything(),
    topic: fc.anything(),
    examId: fc.anything(),
    hl: fc.anything(),
  }),
);

function isWrappedError(body: unknown): boolean {
  const b = body as { result?: unknown; code?: unknown; message?: unknown };
  return (
    typeof b.result === 'number' && b.result !== 200 && typeof b.code === 'string' && typeof b.message === 'string'
  );
}

describe.each(dialects())('bad input on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  for (const def of Object.values(endpoints)) {
    it(`${def.method} ${def.path}: hostile params, query and body get a wrapped 4xx, never a 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 3, maxLength: 3 }),
          fc.dictionary(fc.constantFrom('hl', 'dl', 'id', 'eid', 'aeid', 'av', 'x'), fc.string({ maxLength: 30 })),
          hostileJson,
          async (segs, query, body) => {
            let i = 0;
            const path = def.path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(segs[i++] ?? ''));
            const res = await t.app.inject({
              method: def.method,
              url: `${BASES[def.base]}${path}`,
              query,
              ...(def.method === 'POST'
                ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
                : {}),
            });
            expect(res.statusCode, res.body).toBeLessThan(500);
            if (res.statusCode >= 400) expect(isWrappedError(res.json()), res.body).toBe(true);
          },
        ),
        { numRuns: 40 },
      );
    });
  }

  it('an unknown language is a 400 UNSUPPORTED_LANGUAGE; a non-numeric or huge id a 400', async () => {
    const lang = await t.app.inject({ method: 'GET', url: '/api/app/help/list/1799/xx' });
    expect(lang.statusCode).toBe(400);
    expect(lang.json().code).toBe('UNSUPPORTED_LANGUAGE');
    for (const url of [
      '/api/app/help/info/abc',
      '/api/exam/info/-3',
      '/api/exam/info/99999999999',
      '/api/app/language/list/1.5',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('malformed JSON, a wrong content type and an oversized body get 400, 415 and 413', async () => {
    const url = '/api/app/support/contact';
    const malformed = await t.app.inject({
      method: 'POST',
      url,
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'MALFORMED_JSON']);
    const wrongType = await t.app.inject({
      method: 'POST',
      url,
      payload: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([wrongType.statusCode, wrongType.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const huge = await t.app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify({ message: 'x'.repeat(200_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect([huge.statusCode, huge.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/app/v2/generate/logid',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(400);
    expect(isWrappedError(empty.json())).toBe(true);
  });

  it('error messages come in the request language', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/api/exam/info/4242' });
    const ja = await t.app.inject({ method: 'GET', url: '/api/exam/info/4242', headers: { language: 'ja' } });
    expect(en.json().message).toBe('This test does not exist.');
    expect(ja.json().message).not.toBe(en.json().message);
    expect(ja.json().code).toBe('EXAM_NOT_FOUND');
  });

  it('unknown API paths are a wrapped 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', result: 40400 });
  });
});

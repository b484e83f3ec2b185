import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyTier, ownerPost, paidReadyOrder, readerCookie } from './checkout-helpers';
import { analyticSheet, labAnswers, labTests, middleEqSheet, submitLab } from './lab-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

describe.each(dialects())('the psychology lab (left/right brain and EQ questionnaires), on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('lists both questionnaires for a Premium order, scores them, keeps the latest and shows them again', async () => {
    const { order, token } = await buyTier(t, 'sku3', 'lab@example.com');
    const listed = await labTests(t, order, token);
    expect(listed.statusCode, listed.body).toBe(200);
    const data = listed.json().data;
    expect(data.included).toBe(true);
    expect(data.tests.map((x: { testId: string }) => x.testId)).toEqual(['brain', 'eq']);
    const [brain, eq] = data.tests;
    expect(brain.items).toHaveLength(16);
    expect(eq.items).toHaveLength(20);
    expect(brain.result).toBeNull();

    const scored = await submitLab(t, {
      orderNumber: order,
      token,
      testId: 'brain',
      answers: analyticSheet(brain.items),
      hl: 'en',
    });
    expect(scored.statusCode, scored.body).toBe(200);
    const result = scored.json().data;
    expect(result).toMatchObject({ testId: 'brain', valid: true, profile: 'analytic' });
    expect(result.overall).toBeLessThan(-15);
    expect(result.scales.map((s: { scale: string }) => s.scale)).toEqual(['analytic', 'holistic']);
    const eqScored = await submitLab(t, { orderNumber: order, token, testId: 'eq', answers: middleEqSheet(eq.items) });
    expect(eqScored.json().data).toMatchObject({ testId: 'eq', valid: true });
    expect(eqScored.json().data.scales).toHaveLength(4);

    // A retake replaces the result: a holistic sheet now.
    const holistic = labAnswers(brain.items, (i) => (i % 2 === 1 ? [5, 4, 5][i % 3] : [2, 1, 2, 3][i % 4]) as number);
    const again = await submitLab(t, { orderNumber: order, token, testId: 'brain', answers: holistic });
    expect(again.json().data.profile).toBe('holistic');
    const after = (await labTests(t, order, token)).json().data.tests;
    expect(after[0].result).toMatchObject({ profile: 'holistic', valid: true });
    expect(after[1].result).toMatchObject({ testId: 'eq', valid: true });
    const rows = await t.deps.db.kysely
      .selectFrom('lab_results')
      .selectAll()
      .where('order_number', '=', order)
      .execute();
    expect(rows).toHaveLength(2);

    // The browser that took the test needs no link.
    const viaCookie = await t.app.inject({
      method: 'GET',
      url: `/api/exam/order/free/list/${order}`,
      cookies: await readerCookie(t, order),
    });
    expect(viaCookie.statusCode).toBe(200);
  });

  it('a stored result of an older shape fails loudly (a 500), never read as a wrong type', async () => {
    const { order, token } = await buyTier(t, 'sku3', 'old-shape@example.com');
    const brain = (await labTests(t, order, token)).json().data.tests[0];
    const scored = await submitLab(t, {
      orderNumber: order,
      token,
      testId: 'brain',
      answers: analyticSheet(brain.items),
    });
    expect(scored.statusCode, scored.body).toBe(200);
    // A row as an earlier version might have written it: a score, no scales, no profile.
    await t.deps.db.kysely
      .updateTable('lab_results')
      .set({ result: JSON.stringify({ valid: true, id: 'brain', score: 42 }) })
      .where('order_number', '=', order)
      .execute();
    const listed = await labTests(t, order, token);
    expect(listed.statusCode).toBe(500);
    expect(listed.body).not.toContain('lab_results');
  });

  it('answers given all alike are kept but get no profile, and say so', async () => {
    const { order, token } = await buyTier(t, 'sku4', 'alike@example.com');
    const items = (await labTests(t, order, token)).json().data.tests[1].items;
    const res = await submitLab(t, { orderNumber: order, token, testId: 'eq', answers: labAnswers(items, () => 4) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ valid: false, profile: null, overall: null, scales: [] });
  });

  it('a tier without the lab lists it as not included and scores nothing; the advanced bundle opens it', async () => {
    const { order, token } = await buyTier(t, 'sku1', 'basic-lab@example.com');
    const listed = (await labTests(t, order, token)).json().data;
    expect(listed.included).toBe(false);
    const refused = await submitLab(t, {
      orderNumber: order,
      token,
      testId: 'brain',
      answers: analyticSheet(listed.tests[0].items),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NOT_IN_TIER');
    expect(
      await t.deps.db.kysely.selectFrom('lab_results').selectAll().where('order_number', '=', order).execute(),
    ).toHaveLength(0);

    // One click on the kept card: in the browser that paid (decision 0018).
    const bundle = await ownerPost(t, '/api-pay/secondPhase/pay/skuPackage', {
      orderNumber: order,
      packageId: 'advancedBundle',
      token,
      hl: 'en',
    });
    expect(bundle.statusCode, bundle.body).toBe(200);
    expect(bundle.json().data.payment.status).toBe('succeeded');
    expect((await labTests(t, order, token)).json().data.included).toBe(true);
    const now = await submitLab(t, {
      orderNumber: order,
      token,
      testId: 'brain',
      answers: analyticSheet(listed.tests[0].items),
    });
    expect(now.statusCode, now.body).toBe(200);
  });

  it('refuses strangers, unpaid orders and malformed answer sheets with 4xx, and keeps nothing', async () => {
    const { order, token } = await buyTier(t, 'sku3', 'strict@example.com');
    const items: string[] = (await labTests(t, order, token)).json().data.tests[1].items;
    const sheet = middleEqSheet(items);
    const stranger = await submitLab(t, { orderNumber: order, testId: 'eq', answers: sheet });
    expect(stranger.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/exam/order/free/list/${order}` })).statusCode).toBe(403);
    const forged = await submitLab(t, {
      orderNumber: order,
      token: `${token.slice(0, -4)}AAAA`,
      testId: 'eq',
      answers: sheet,
    });
    expect(forged.statusCode).toBe(403);
    const unpaid = await paidReadyOrder(t);
    // The browser that took this test, before paying.
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/exam/order/info/free',
      payload: { orderNumber: unpaid, testId: 'eq', answers: sheet },
      cookies: await readerCookie(t, unpaid),
    });
    expect(locked.statusCode).toBe(402);
    const unknownOrder = await labTests(t, 'A'.repeat(order.length), token);
    expect(unknownOrder.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknownOrder.statusCode).toBeLessThan(500);

    const bad: [string, unknown][] = [
      ['one statement missing', sheet.slice(1)],
      ['a statement twice', [...sheet.slice(1), sheet[2]]],
      ['a statement of the other questionnaire', [...sheet.slice(1), { itemId: 'b01', value: 3 }]],
      ['a value out of range', sheet.map((a, i) => (i === 0 ? { ...a, value: 6 } : a))],
      ['a value that is not a whole number', sheet.map((a, i) => (i === 0 ? { ...a, value: 2.5 } : a))],
      ['not a list', 'yes'],
      ['too many', [...sheet, ...sheet, ...sheet]],
    ];
    for (const [what, answers] of bad) {
      const res = await submitLab(t, { orderNumber: order, token, testId: 'eq', answers }, { 'accept-language': 'fr' });
      expect(res.statusCode, what).toBe(400);
      expect(res.json().code, what).toBe('VALIDATION_FAILED');
    }
    const unknownTest = await submitLab(t, { orderNumber: order, token, testId: 'iq', answers: sheet });
    expect(unknownTest.statusCode).toBe(400);
    expect(
      await t.deps.db.kysely.selectFrom('lab_results').selectAll().where('order_number', '=', order).execute(),
    ).toHaveLength(0);
  });

  it('the PDF has a page for each questionnaire taken, and no invitation page (nothing to click in print)', async () => {
    const pageText = async (order: string, token: string, title: string) => {
      const doc = await t.files.reportDocument(order, { token });
      const page = doc.pages.find((p) => p.blocks.some((b) => b.kind === 'title' && b.text === title));
      return page?.blocks.flatMap((b) => ('text' in b ? [b.text] : [])) ?? null;
    };
    const tr = (k: string) => t.deps.translator.t('en', k);
    const premium = await buyTier(t, 'sku3', 'pdf-lab@example.com');
    // Not taken yet: no page (the analysis draws more questions in its place).
    expect(await pageText(premium.order, premium.token, tr('pdf:eq.title'))).toBeNull();
    const standard = await buyTier(t, 'sku2', 'pdf-nolab@example.com');
    expect(await pageText(standard.order, standard.token, tr('pdf:brain.title'))).toBeNull();
    const before = (await t.files.reportDocument(premium.order, { token: premium.token })).pages.length;
    // Taken: a page with the result.
    const items = (await labTests(t, premium.order, premium.token)).json().data.tests[1].items;
    await submitLab(t, {
      orderNumber: premium.order,
      token: premium.token,
      testId: 'eq',
      answers: middleEqSheet(items),
    });
    const taken = await pageText(premium.order, premium.token, tr('pdf:eq.title'));
    expect(taken).not.toContain(tr('pdf:eq.invite'));
    expect(taken).toContain(tr('lab:eq.scaleText.relationships'));
    expect(taken).toContain(tr('lab:selfReport'));
    // Still the 21 pages the report is sold with.
    expect((await t.files.reportDocument(premium.order, { token: premium.token })).pages.length).toBe(before);
    expect(before).toBe(21);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyTier, get, post } from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

describe.each(dialects())('share links, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const owned = () => buyTier(t, 'sku2', 'sharer@example.com');

  it('shows the test and the class, the score only when the owner opts in, and nothing once revoked', async () => {
    const { order, token } = await owned();
    const report = (await get(t, `/api/exam/order/info/${order}?token=${token}`)).json().data.result;

    const hidden = (
      await post(t, '/api/exam/order/info/share', { orderNumber: order, token, showScore: false, hl: 'fr' })
    ).json().data;
    expect(hidden.url).toContain(`/report/share/IQB-1799?id=${hidden.shareId}`);
    const seen = (await get(t, `/api/exam/share/${hidden.shareId}?hl=en`)).json().data;
    expect(seen).toMatchObject({
      kind: 'iq',
      personality: null,
      iq: null,
      bound: null,
      classId: report.classId,
      className: report.className,
    });
    // Nothing else about the result: only these fields, and no range anywhere in them (the random id and its
    // image address are left out of the search, as they may hold any two digits).
    expect(Object.keys(seen).sort()).toEqual(
      [
        'bound',
        'className',
        'classId',
        'examName',
        'imageUrl',
        'iq',
        'kind',
        'personality',
        'shareId',
        'takenAt',
      ].sort(),
    );
    const { shareId: _id, imageUrl: _image, ...told } = seen;
    expect(JSON.stringify(told)).not.toContain(String(report.rangeLow));

    const shown = (
      await post(t, '/api/exam/order/info/share', { orderNumber: order, token, showScore: true, hl: 'ja' })
    ).json().data;
    expect((await get(t, `/api/exam/share/${shown.shareId}`)).json().data.iq).toBe(report.iq);

    const image = await get(t, `/api/exam/share/${shown.shareId}/image.png`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const png = image.rawPayload;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

    const list = (await get(t, `/api/exam/order/info/share/list/${order}?token=${token}`)).json().data.links;
    expect(list.map((l: { shareId: string }) => l.shareId).sort()).toEqual([hidden.shareId, shown.shareId].sort());
    expect(
      (await post(t, '/api/exam/order/info/share/revoke', { orderNumber: order, token, shareId: shown.shareId }))
        .statusCode,
    ).toBe(200);
    expect((await get(t, `/api/exam/share/${shown.shareId}`)).statusCode).toBe(404);
    expect((await get(t, `/api/exam/share/${shown.shareId}/image.png`)).statusCode).toBe(404);
    expect((await get(t, `/api/exam/share/${hidden.shareId}`)).statusCode).toBe(200);
  });

  it('only the report’s reader makes or stops links; a guessed link finds nothing', async () => {
    const { order, token } = await owned();
    expect(
      (await post(t, '/api/exam/order/info/share', { orderNumber: order, showScore: true, hl: 'en' })).statusCode,
    ).toBe(403);
    const made = (
      await post(t, '/api/exam/order/info/share', { orderNumber: order, token, showScore: true, hl: 'en' })
    ).json().data;
    expect(
      (await post(t, '/api/exam/order/info/share/revoke', { orderNumber: order, shareId: made.shareId })).statusCode,
    ).toBe(403);
    expect((await get(t, '/api/exam/share/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await get(t, '/api/exam/share/not-an-id/image.png')).statusCode).toBe(404);
  });
});

import Database from 'better-sqlite3';
import { serve } from './lib';
import { httpTransportWith, type TakerTransport, taker } from './support/taker';

const s = await serve('servers/real-server.ts');
const base = `http://127.0.0.1:${s.port}`;
const db = new Database(s.dbPath ?? '', { readonly: true });
const inner = httpTransportWith(
  () => base,
  async (sql, arg) => Object.values((db.prepare(sql).get(arg) as Record<string, string>) ?? {})[0] ?? '',
);
const times: Record<string, number[]> = {};
const t: TakerTransport = {
  ...inner,
  async json(m, p, b, c) {
    const t0 = performance.now();
    const r = await inner.json(m, p, b, c);
    const k = m + ' ' + p.replace(/MG-[\w-]+/, 'X').replace(/\?.*/, '');
    (times[k] ??= []).push(Math.round(performance.now() - t0));
    return r;
  },
  async form(p, b) {
    const t0 = performance.now();
    await inner.form(p, b);
    (times['form'] ??= []).push(Math.round(performance.now() - t0));
  },
  async reportMail(o) {
    const t0 = performance.now();
    const r = await inner.reportMail(o);
    (times['mail'] ??= []).push(Math.round(performance.now() - t0));
    return r;
  },
};
for (let i = 0; i < 3; i++) {
  const v = taker(t);
  const o = await v.takeTest();
  await v.pay(o, 'sku2', 'en', `p${i}@x.example`);
}
for (const [k, v] of Object.entries(times)) console.log(k, v.length, v.slice(-12).join(','));
await s.stop();

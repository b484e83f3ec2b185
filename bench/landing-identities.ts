import os from 'node:os';
import { LANDING_VARIANTS, PERSONALITY_VARIANT } from '@mindgauge/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from '../e2e/support/chromium';
import { buildWeb, serve, writeResult } from './lib';

/**
 * Issue 20's budget for the landing identities: Lighthouse performance >= 95 on a phone (Lighthouse's mobile
 * emulation) for every IQ variant of the registry (the personality landing is another screen); issue 14's
 * for the test-centre landing: performance >= 99 and LCP <= 1.2 s. The landings are prerendered (decision
 * 0035). Three runs each, the median kept; the machine's load average is recorded, since Lighthouse's
 * simulated 4x slowdown multiplies whatever the CPU is busy with.
 * BENCH_VARIANTS=girl,matrix,/relaxPage/IQB-1799 overrides the list (a bare name is /landing_page/{v}/IQB-1799).
 */
const TARGET = 95;
const CENTRE = '/landing_page/test_center/IQB-1799';
const CENTRE_TARGET = { performance: 99, lcpMs: 1200 };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SAMPLE = process.env.BENCH_VARIANTS?.split(',') ?? LANDING_VARIANTS.filter((v) => v !== PERSONALITY_VARIANT);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const load = () => os.loadavg().map((l) => Number(l.toFixed(1)));
const loadBefore = load();

buildWeb();
const server = await serve('servers/real-server.ts', ['--web']);
const base = `http://127.0.0.1:${server.port}`;
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath() ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});

const variants: Record<string, { performance: number; runs: number[]; lcpMs: number; cls: number; tbtMs: number }> = {};
for (const v of SAMPLE) {
  const path = v.startsWith('/') ? v : `/landing_page/${v}/IQB-1799`;
  const runs: { score: number; lcp: number; cls: number; tbt: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // A run Lighthouse could not finish (it says why, e.g. NO_NAVSTART: its trace missed the navigation) is
    // logged and run again, twice at most; one that still fails counts as 0.
    let result: Awaited<ReturnType<typeof lighthouse>>;
    for (let attempt = 0; ; attempt++) {
      result = await lighthouse(`${base}${path}?hl=en`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!result?.lhr.runtimeError || attempt === 2) break;
      console.warn(`${path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message} (running again)`);
    }
    const audits = result?.lhr.audits ?? {};
    runs.push({
      score: Math.round((result?.lhr.categories.performance?.score ?? 0) * 100),
      lcp: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      tbt: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    });
  }
  const best = median(runs.map((r) => r.score));
  const at = runs.find((r) => r.score === best) ?? runs[0]!;
  variants[path] = { performance: best, runs: runs.map((r) => r.score), lcpMs: at.lcp, cls: at.cls, tbtMs: at.tbt };
  console.info(
    `${path}: performance ${best} (runs ${runs.map((r) => r.score).join(', ')}), LCP ${at.lcp} ms, CLS ${at.cls}`,
  );
}
chrome.kill();
await server.stop();

const centre = variants[CENTRE];
const centrePass = centre
  ? centre.performance >= CENTRE_TARGET.performance && centre.lcpMs <= CENTRE_TARGET.lcpMs
  : undefined;
const pass = Object.values(variants).every((r) => r.performance >= TARGET) && centrePass !== false;
const file = writeResult('landing-identities', {
  target: TARGET,
  testCentreTarget: CENTRE_TARGET,
  formFactor: 'mobile (Lighthouse default emulation)',
  rounds: ROUNDS,
  // The 1, 5 and 15 minute load averages (2 cores) before and after: the figures are only as good as these.
  loadAverage: { before: loadBefore, after: load() },
  variants,
  testCentrePass: centrePass ?? null,
  pass,
});
console.info(`landing identities: ${pass ? 'pass' : 'FAIL'} -> ${file}`);
if (!pass) process.exitCode = 1;

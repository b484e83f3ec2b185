import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { serve } from '/work/main/bench/lib';
const server = await serve('servers/real-server.ts', ['--web']);
const base = `http://127.0.0.1:${server.port}`;
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run'] });
for (const p of (process.env.P ?? '/landing_page/relax/IQB-1799').split(',')) for (let i = 0; i < Number(process.env.N ?? 3); i++) {
  const r = await lighthouse(`${base}${p}?hl=en`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const a = r!.lhr.audits;
  const v = (k: string) => Math.round(a[k]?.numericValue ?? 0);
  console.log(p, Math.round(r!.lhr.categories.performance.score! * 100), 'FCP', v('first-contentful-paint'), 'LCP', v('largest-contentful-paint'), 'TBT', v('total-blocking-time'), 'SI', v('speed-index'), 'CLS', a['cumulative-layout-shift'].numericValue);
  const lt = (a['long-tasks']?.details as any)?.items ?? [];
  console.log('  long tasks', lt.map((t: any) => `${t.url?.split('/').pop()}@${Math.round(t.startTime)}:${Math.round(t.duration)}`).join(' '));
  const bu = (a['bootup-time']?.details as any)?.items ?? [];
  console.log('  bootup', bu.map((t: any) => `${t.url?.split('/').pop()} total ${Math.round(t.total)} script ${Math.round(t.scripting)} parse ${Math.round(t.scriptParseCompile)}`).join(' | '));
  const mt = (a['mainthread-work-breakdown']?.details as any)?.items ?? [];
  console.log('  main', mt.map((t: any) => `${t.group} ${Math.round(t.duration)}`).join(', '));
  const lcpb = (a['largest-contentful-paint-element']?.details as any)?.items?.[1]?.items ?? [];
  const el = (a['largest-contentful-paint-element']?.details as any)?.items?.[0]?.items?.[0]?.node;
  console.log('  lcp element', el?.selector, '|', el?.snippet?.slice(0, 120), '| screenshot', (a['final-screenshot'] ? 'y' : 'n'));
  const m = (a['metrics']?.details as any)?.items?.[0] ?? {};
  console.log('  observed FCP', m.observedFirstContentfulPaint, 'LCP', m.observedLargestContentfulPaint, 'load', m.observedLoad, 'DCL', m.observedDomContentLoaded, 'FP', m.observedFirstPaint);
  console.log('  lcp phases', lcpb.map((t: any) => `${t.phase} ${Math.round(t.timing)}`).join(', '));
}
chrome.kill(); await server.stop();

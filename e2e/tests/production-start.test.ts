import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { httpTaker } from '../../bench/support/taker';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const en = JSON.parse(fs.readFileSync(path.join(root, 'packages/locales/src/en/common.json'), 'utf8')) as {
  testMode: { label: string; payments: string; mailbox: string };
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mindgauge-prod-'));
const children: ChildProcess[] = [];

/** Only what a host would set: nothing inherited from the test runner (its NODE_ENV is "test"). */
function hostEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: '0',
    LOG_LEVEL: 'info',
    // A host sets the pool it wants (README's configuration table). At the default, 16 forms for each of nine
    // languages, each server this file starts drew 144 forms on its worker thread that no test here uses
    // (measured: 26.1 s -> 22.5 s of CPU for the file); form-pool.test.ts proves the pool at any size.
    FORM_POOL_SIZE: '2',
    DATABASE_URL: `sqlite:${path.join(dir, `${children.length}.db`)}`,
    ...extra,
  };
}

/**
 * Starts the server as a host would (`npm start` with NODE_ENV=production, which runs the compiled bundle with
 * plain node) and resolves with its address from the "listening" log line (it listens on a port the OS chose).
 */
function startServer(command: string[], extra: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, command, { cwd: root, env: hostEnv(extra), stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening?.[1]) resolve(listening[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
}

const configOf = (html: string) => {
  const raw = /<meta name="mindgauge-config" content="([^"]*)">/.exec(html)?.[1] ?? '';
  return JSON.parse(raw.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as { testMode: string[] };
};

beforeAll(() => {
  // `npm run build`, as the README's production steps say. With a browser the e2e setup built both halves (the
  // lanes run that build: building the server again here would replace files their worker threads load).
  if (inject('serverBuilt')) return;
  const webBuilt = fs.existsSync(path.join(root, 'apps/web/dist/index.html'));
  const res = webBuilt
    ? spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' })
    : spawnSync('npm', ['run', 'build'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'production' },
      });
  if (res.status !== 0) throw new Error(`build failed:\n${res.stdout}\n${res.stderr}`);
}, 300_000);

afterAll(async () => {
  await Promise.all(
    children
      .filter((c) => c.exitCode === null && c.signalCode === null)
      .map((c) => new Promise((r) => c.once('exit', r).kill('SIGTERM'))),
  );
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('production mode (compiled server, plain node)', () => {
  it('refuses to start with the local mailbox and the sandbox, and says which switch allows each', () => {
    const res = spawnSync(process.execPath, ['apps/server/dist/server.js'], {
      cwd: root,
      env: hostEnv({}),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('ALLOW_TEST_PAYMENTS=true');
    expect(res.stderr).toContain('DEV_MAILBOX=true');
    expect(res.stderr).toContain('MAIL_TRANSPORT=local');
  });

  it('a real configuration serves health and the home page, with no banner, mailbox or sandbox', async () => {
    const url = await startServer(['apps/server/dist/server.js'], {
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:9', // never contacted: nothing is sent in this test
      CARD_PROVIDER: 'none',
      PAYPAL_PROVIDER: 'none',
    });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(configOf(await home.text()).testMode).toEqual([]);
    expect((await fetch(`${url}/dev/mailbox`)).status).toBe(404);
    expect((await fetch(`${url}/sandbox-processor/assets/sandbox.js`)).status).toBe(404);
  });

  it('`npm start` runs the build with the switches on: mailbox and sandbox exist, and the page says test mode', async () => {
    const url = await startServer(['scripts/start.mjs'], { ALLOW_TEST_PAYMENTS: 'true', DEV_MAILBOX: 'true' });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(configOf(await home.text()).testMode).toEqual(['payments', 'mailbox']);
    expect((await fetch(`${url}/dev/mailbox`)).status).toBe(200);
    expect((await fetch(`${url}/sandbox-processor/assets/sandbox.js`)).status).toBe(200);
    bannerUrl = url;
  });

  it('the built server draws the form and a paid report PDF on its worker threads (dist/form-draw-worker.js, dist/pdf-render-worker.js, plain node)', async () => {
    const dbFile = path.join(dir, 'pdf.db');
    const url = await startServer(['apps/server/dist/server.js'], {
      ALLOW_TEST_PAYMENTS: 'true',
      DEV_MAILBOX: 'true',
      DATABASE_URL: `sqlite:${dbFile}`,
    });
    const buyer = httpTaker(url, dbFile);
    const order = await buyer.takeTest('en');
    const token = await buyer.pay(order, 'sku2', 'en');
    const res = await fetch(`${url}/api/exam/order/file/down/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderNumber: order, token, kind: 'report' }),
    });
    expect(res.status).toBe(200);
    const file = path.join(dir, 'report.pdf');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' }).stdout;
    expect(text).toContain(order);
  }, 120_000);
});

let bannerUrl = '';

describeBrowser('production mode in the browser', () => {
  const b = useBrowser();

  it('shows the test-mode banner, naming both simulated parts, and stays accessible', async () => {
    expect(bannerUrl, 'the switched-on server started above').not.toBe('');
    const page = await b.newPage();
    await page.goto(`${bannerUrl}/`);
    const banner = page.getByRole('complementary', { name: en.testMode.label });
    await banner.waitFor();
    expect(await banner.textContent()).toContain(en.testMode.payments);
    expect(await banner.textContent()).toContain(en.testMode.mailbox);
    await expectAccessible(page, 'home in test mode');
  });
});

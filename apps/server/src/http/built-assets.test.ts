import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptsEncoding, preferredEncoding } from './accept-encoding';
import { registerBuiltAssets } from './built-assets';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A build's assets folder: one script with both compressed forms, a style sheet with none. */
function assetsDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'built-assets-'));
  dirs.push(dir);
  const js = Buffer.from('console.log("hello from the build");'.repeat(20));
  fs.writeFileSync(path.join(dir, 'app-Ab12_c.js'), js);
  fs.writeFileSync(path.join(dir, 'app-Ab12_c.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dir, 'app-Ab12_c.js.gz'), zlib.gzipSync(js));
  fs.writeFileSync(path.join(dir, 'style-Zz9.css'), 'body{margin:0}');
  return { dir, js };
}

async function appFor(dir: string) {
  const app = Fastify();
  const served = registerBuiltAssets(app, dir);
  app.setNotFoundHandler((_req, reply) => reply.code(404).send('not found'));
  await app.ready();
  return { app, served };
}

describe('the build assets served from memory', () => {
  it('sends brotli, gzip or the plain file by what the browser accepts, cached for a year', async () => {
    const { dir, js } = assetsDir();
    const { app, served } = await appFor(dir);
    // The compressed files are representations of the script, not assets of their own.
    expect(served.sort()).toEqual(['app-Ab12_c.js', 'style-Zz9.css']);
    const url = '/assets/app-Ab12_c.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(js)).toBe(true);

    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(js)).toBe(true);

    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(js)).toBe(true);
    // Each representation has its own validator.
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);

    const css = await app.inject({ url: '/assets/style-Zz9.css', headers: { 'accept-encoding': 'br' } });
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers.vary).toBeUndefined();
    expect(css.body).toBe('body{margin:0}');
    await app.close();
  });

  it('answers a matching validator with 304 and HEAD without a body', async () => {
    const { dir } = assetsDir();
    const { app } = await appFor(dir);
    const url = '/assets/app-Ab12_c.js';
    const first = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    const again = await app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': first.headers.etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // Another representation's validator does not match.
    const other = await app.inject({ url, headers: { 'if-none-match': first.headers.etag } });
    expect(other.statusCode).toBe(200);
    const head = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.rawPayload.length).toBe(0);
    await app.close();
  });

  it('reads each file once: it is served from memory afterwards', async () => {
    const { dir, js } = assetsDir();
    const { app } = await appFor(dir);
    const url = '/assets/app-Ab12_c.js';
    expect((await app.inject({ url })).rawPayload.equals(js)).toBe(true);
    for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f));
    const later = await app.inject({ url });
    expect(later.statusCode).toBe(200);
    expect(later.rawPayload.equals(js)).toBe(true);
    await app.close();
  });

  it('leaves names that are not in the build to the not-found answer', async () => {
    const { dir } = assetsDir();
    const { app } = await appFor(dir);
    for (const url of ['/assets/missing-123.js', '/assets/app-Ab12_c.js.br', '/assets/../package.json']) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
    await app.close();
  });
});

describe('Accept-Encoding', () => {
  it('takes an encoding listed without q=0', () => {
    expect(acceptsEncoding('gzip, deflate, br, zstd', 'gzip')).toBe(true);
    expect(acceptsEncoding('br;q=1, gzip;q=0', 'gzip')).toBe(false);
    expect(acceptsEncoding(['br', 'GZIP'], 'gzip')).toBe(true);
    expect(acceptsEncoding('x-gzip', 'gzip')).toBe(false);
    expect(acceptsEncoding(undefined, 'br')).toBe(false);
  });

  it('prefers the first offered encoding the browser takes, else sends the bytes as they are', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd', ['br', 'gzip'])).toBe('br');
    expect(preferredEncoding('br;q=0, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(preferredEncoding('gzip, deflate, br', ['gzip'])).toBe('gzip');
    expect(preferredEncoding('deflate', ['br', 'gzip'])).toBe('identity');
    expect(preferredEncoding(undefined, ['br', 'gzip'])).toBe('identity');
    expect(preferredEncoding('br', [])).toBe('identity');
  });
});

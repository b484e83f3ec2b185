import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../lib/clock';
import type { PdfCacheRepository } from './pdf-cache-repository';

/** What a PDF is drawn from: two requests with the same parts get the same bytes. */
export interface PdfKeyParts {
  kind: 'report' | 'certificate';
  orderNumber: string;
  entitlements: string[];
  locale: string;
  scoringVersion: number;
  certificate: { serial: string | null; name: string | null; issuedAt: number | null };
  /** The lab results the report shows (null when the tier has no lab pages). */
  lab: unknown;
}

/**
 * The code and texts a PDF is drawn with: the PDF module, the report's sentences, the locale files and the
 * engine that draws the items. Hashed once per process, so a deployment that changes any of them never
 * serves a file drawn by the previous one. Should the sources be missing, the fingerprint is the process's
 * start (the cache then lives as long as the process).
 */
async function codeFingerprint(serverSrc: string): Promise<string> {
  const hash = createHash('sha256');
  const roots = [
    path.join(serverSrc, 'modules/pdf'),
    path.join(serverSrc, 'modules/report'),
    path.join(serverSrc, '../../../packages/locales/src'),
    path.join(serverSrc, '../../../packages/psychometrics/src'),
  ];
  async function walk(dir: string): Promise<void> {
    const entries = (await fs.readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else if (!e.name.includes('.test.')) hash.update(e.name).update(await fs.readFile(p));
    }
  }
  try {
    for (const root of roots) await walk(root);
    return hash.digest('hex').slice(0, 16);
  } catch {
    return `boot-${Date.now()}`;
  }
}

/**
 * Rendered PDFs, kept in the database for their next download (decision 0027). Each file is rendered once
 * per key; concurrent requests for the same file wait for the same render, and an order renders one file at
 * a time (a burst of one order's downloads cannot take every worker). The cache is bounded in bytes: past
 * the bound the oldest files go. `forget` drops an order's files when something it shows changed (an
 * extra bought); the key would miss anyway, this frees the space.
 */
export function pdfCache(o: { repo: PdfCacheRepository; clock: Clock; maxBytes: number; serverSrc: string }) {
  let fingerprint: Promise<string> | undefined;
  const flights = new Map<string, Promise<Buffer>>();
  const orderTails = new Map<string, Promise<unknown>>();

  async function keyOf(parts: PdfKeyParts): Promise<string> {
    fingerprint ??= codeFingerprint(o.serverSrc);
    const canonical = JSON.stringify({
      ...parts,
      entitlements: [...parts.entitlements].sort(),
      code: await fingerprint,
    });
    return `${parts.kind}:${parts.orderNumber}:${createHash('sha256').update(canonical).digest('base64url')}`;
  }

  /** Drops the oldest files until the cache fits its bound (any instance may do it; deletes are idempotent). */
  async function bound(): Promise<void> {
    let excess = (await o.repo.totalSize()) - o.maxBytes;
    while (excess > 0) {
      const oldest = await o.repo.oldest(20);
      if (oldest.length === 0) return;
      const drop: string[] = [];
      for (const row of oldest) {
        if (excess <= 0) break;
        drop.push(row.cache_key);
        excess -= Number(row.size);
      }
      await o.repo.deleteKeys(drop);
    }
  }

  async function renderAndKeep(key: string, orderNumber: string, render: () => Promise<Buffer>): Promise<Buffer> {
    // Another request (or instance) may have kept it while this one waited for the order's turn.
    const kept = await o.repo.find(key);
    if (kept) return kept;
    const bytes = await render();
    if (o.maxBytes > 0 && bytes.length <= o.maxBytes) {
      await o.repo.insert(key, orderNumber, bytes, o.clock.now());
      await bound();
    }
    return bytes;
  }

  return {
    /** The file for these parts: kept bytes, the render already under way, or a new render. */
    async get(parts: PdfKeyParts, render: () => Promise<Buffer>): Promise<Buffer> {
      const key = await keyOf(parts);
      const shared = flights.get(key);
      if (shared) return shared;
      const kept = await o.repo.find(key);
      if (kept) return kept;
      const again = flights.get(key);
      if (again) return again;
      const order = parts.orderNumber;
      const previous = orderTails.get(order) ?? Promise.resolve();
      const flight = previous.then(() => renderAndKeep(key, order, render));
      const tail = flight.catch(() => undefined);
      flights.set(key, flight);
      orderTails.set(order, tail);
      void tail.then(() => {
        flights.delete(key);
        if (orderTails.get(order) === tail) orderTails.delete(order);
      });
      return flight;
    },
    async forget(orderNumber: string): Promise<void> {
      await o.repo.deleteOrder(orderNumber);
    },
  };
}
export type PdfCache = ReturnType<typeof pdfCache>;

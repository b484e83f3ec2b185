import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, ROOT, writeResult } from './lib';

/**
 * Issue 4's budget: the JavaScript a visitor's browser loads before the landing page or the question screen
 * is shown, gzipped, at most 170 KB. Counted from Vite's manifest: the entry and its static imports, the
 * screen's lazily loaded module and its static imports, and one locale chunk.
 */
const BUDGET_KB = 170;
const dist = path.join(ROOT, 'apps/web/dist');
buildWeb();

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  src?: string;
}
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('no entry in the manifest');

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const k of keys) {
    if (seen.has(k)) continue;
    seen.add(k);
    closure(manifest[k]?.imports ?? [], seen);
  }
  return seen;
}
const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file))).length;
const keyOf = (src: string) => {
  const k = Object.keys(manifest).find((key) => key.endsWith(src));
  if (!k) throw new Error(`${src} not in the manifest`);
  return k;
};

// The landing is the identity landing (issue 20): its screen module and its texts (its drawing loads after the
// page is shown, 0.3-0.6 KB per scene).
const screens: Record<string, string[]> = {
  landing: ['src/app/landing-screen.tsx', 'src/en/landings.json'],
  question: ['src/features/test/question-route.tsx'],
  home: ['src/features/home/home-route.tsx'],
};
const locale = keyOf('src/bundles/en.ts');
const result: Record<string, { files: number; gzipKB: number }> = {};
for (const [name, srcs] of Object.entries(screens)) {
  const files = [...closure([entryKey, ...srcs.map(keyOf), locale])]
    .map((k) => manifest[k]!.file)
    .filter((f) => f.endsWith('.js'));
  result[name] = { files: files.length, gzipKB: Number((files.reduce((n, f) => n + gz(f), 0) / 1024).toFixed(1)) };
}
const file = writeResult('bundle-size', {
  budgetKB: BUDGET_KB,
  initialJs: result,
  pass: Object.values(result).every((r) => r.gzipKB <= BUDGET_KB),
});
console.info(
  `initial JS (gzip): ${Object.entries(result)
    .map(([k, v]) => `${k} ${v.gzipKB} KB`)
    .join(', ')} -> ${file}`,
);

import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, ROOT, writeResult } from './lib';

/**
 * The budgets (issue 14): the JavaScript a visitor's browser loads before the landing page, the question
 * screen or the home page works, gzipped. The landing at most 100 KB, the question screen at most 150 KB;
 * the home page keeps issue 4's 170 KB. Counted from Vite's manifest: the entry and its static imports, the
 * screen's lazily loaded module and its static imports, and the namespaces (English) its loader awaits.
 */
const BUDGETS_KB = { landing: 100, question: 150, home: 170 } as const;
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

/** The namespaces every screen loads at boot (CORE_NAMESPACES), each a chunk of its own. */
const core = ['common', 'errors', 'content', 'test'].map((ns) => `src/en/${ns}.json`);
// The landing is the identity landing (issue 20): its screen module and the texts its loader awaits (its
// drawing loads after the page is shown, 0.3-0.6 KB per scene).
const screens: Record<keyof typeof BUDGETS_KB, string[]> = {
  landing: ['src/app/landing-screen.tsx', 'src/en/landings.json', 'src/en/growth.json'],
  question: ['src/features/test/question-route.tsx'],
  home: ['src/features/home/home-route.tsx'],
};
const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
const result: Record<string, { files: number; gzipKB: number; budgetKB: number; largest: Record<string, number> }> = {};
for (const [name, srcs] of Object.entries(screens) as [keyof typeof BUDGETS_KB, string[]][]) {
  const files = [...closure([entryKey, ...srcs.map(keyOf), ...core.map(keyOf)])]
    .map((k) => manifest[k]!.file)
    .filter((f) => f.endsWith('.js'));
  const sizes = files.map((f) => [f.replace(/^assets\//, ''), gz(f)] as const).sort((a, b) => b[1] - a[1]);
  result[name] = {
    files: files.length,
    gzipKB: kb(sizes.reduce((n, [, size]) => n + size, 0)),
    budgetKB: BUDGETS_KB[name],
    // Where the bytes are (measure before cutting): the five largest chunks of the screen's first load.
    largest: Object.fromEntries(sizes.slice(0, 5).map(([f, size]) => [f, kb(size)])),
  };
}
const file = writeResult('bundle-size', {
  initialJs: result,
  pass: Object.values(result).every((r) => r.gzipKB <= r.budgetKB),
});
console.info(
  `initial JS (gzip): ${Object.entries(result)
    .map(([k, v]) => `${k} ${v.gzipKB} KB (budget ${v.budgetKB})`)
    .join(', ')} -> ${file}`,
);

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, ROOT } from './lib';

/** `npm run bench`: every benchmark script in this folder, one at a time; each writes results/<name>.json. */
const skip = new Set(['run-all.ts', 'lib.ts']);
const only = process.argv.slice(2);
const scripts = fs
  .readdirSync(BENCH_DIR)
  .filter((f) => f.endsWith('.ts') && !skip.has(f) && !f.endsWith('.d.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)));
let failed = 0;
for (const script of scripts) {
  console.info(`\n=== ${script}`);
  const res = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(BENCH_DIR, script)], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);

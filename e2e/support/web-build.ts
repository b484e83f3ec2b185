import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildInputsHash } from '../../scripts/build-inputs.mjs';

/**
 * Everything the web bundle is built from: the app, the workspace packages it imports, the locked dependency
 * versions and the build scripts. A change anywhere here (even a test file, to stay simple) means a rebuild.
 */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'packages/locales/src',
  'packages/locales/package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/compress-dist.mjs',
  'scripts/prerender.mjs',
];

/** Beside Vite's manifest: `vite build` empties dist first, so a failed or foreign build leaves no stamp. */
const STAMP = 'apps/web/dist/.vite/mindgauge-build-inputs.sha256';

/** A hash of every input's path and bytes, in a stable order, plus what decides the kind of build. */
export function webBuildInputsHash(root: string, nodeEnv: string): string {
  return buildInputsHash(root, INPUTS, `NODE_ENV=${nodeEnv}\0`);
}

/**
 * Builds the web app for production unless apps/web/dist already holds the build of exactly these inputs
 * (a clean clone, as in CI, has no dist and always builds). Returns whether it built.
 */
export function ensureWebBuild(root: string): boolean {
  const nodeEnv = 'production';
  const inputs = webBuildInputsHash(root, nodeEnv);
  const stamp = path.join(root, STAMP);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === inputs) return false;

  // NODE_ENV is "test" inside vitest, and Vite builds what NODE_ENV names: without this the browser tests ran
  // React's development build, and `npm start` afterwards served it (its sources had not changed).
  const build = spawnSync('npm', ['run', 'build', '-w', '@mindgauge/web'], {
    cwd: root,
    stdio: 'pipe',
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: nodeEnv },
  });
  if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, `${inputs}\n`);
  return true;
}

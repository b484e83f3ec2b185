#!/usr/bin/env node
// Compiles the server (decision 0021): one ESM bundle, apps/server/dist/server.js, run by plain `node` in
// production, by `npm start` and by the browser tests. The workspace packages (contract, locales, psychometrics) are TypeScript and are bundled in;
// every package from apps/server's `dependencies` stays external, loaded from node_modules at run time (native
// addons such as better-sqlite3 cannot be bundled, and `npm ci --omit=dev` installs exactly those).
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SERVER_BUILD_STAMP, serverBuildInputsHash, serverBuildIsCurrent } from './server-build-inputs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
const outdir = path.join(serverDir, 'dist');
const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
const runtime = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@mindgauge/'));

/**
 * Modules find files next to their source through import.meta.url (the locale JSON files, the sandbox's
 * script and style, the repository root, the PDF fonts' packages). In one bundle every module would share
 * the bundle's URL, so each module's own URL is rewritten relative to the bundle: the files stay where they
 * are in the checkout, and the built server works wherever the checkout lives.
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const rel = path.relative(outdir, args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: path.extname(args.path).slice(1) };
    });
  },
};

// `--if-changed` (`npm start`, the browser tests' setup): nothing is built when dist holds the build of the
// inputs as they are now, so a server already running from dist keeps the worker files its threads load.
const builtServer = path.join(outdir, 'server.js');
const inputsHash = serverBuildInputsHash(root);
if (process.argv.includes('--if-changed') && serverBuildIsCurrent(root, inputsHash)) {
  console.info('server build: up to date, reused (apps/server/dist/server.js)');
  process.exit(0);
}

fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  // The server, and each worker thread's entry as its own file (lib/worker-script.ts finds them here).
  entryPoints: {
    server: path.join(serverDir, 'src/server.ts'),
    'pdf-render-worker': path.join(serverDir, 'src/modules/pdf/pdf-render-worker.ts'),
    'form-draw-worker': path.join(serverDir, 'src/modules/exam/form-draw-worker.ts'),
  },
  outdir,
  define: { __MINDGAUGE_BUNDLE__: 'true' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  external: [...runtime, ...runtime.map((name) => `${name}/*`)],
  plugins: [keepModuleUrls],
});
fs.writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));

// Anything imported at run time must be a Node built-in or one of the server's own dependencies: a package
// that only the development install has would fail after `npm ci --omit=dev`.
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
const strays = new Set();
for (const output of Object.values(result.metafile.outputs))
  for (const imp of output.imports)
    if (imp.external && !builtins.has(imp.path) && !runtime.includes(packageOf(imp.path))) strays.add(imp.path);
if (strays.size) {
  console.error(`The server imports packages missing from apps/server dependencies: ${[...strays].join(', ')}`);
  process.exit(1);
}
fs.writeFileSync(path.join(root, SERVER_BUILD_STAMP), `${inputsHash}\n`);
const size = fs.statSync(builtServer).size;
console.info(`server built: apps/server/dist/server.js (${(size / 1024).toFixed(0)} KiB)`);

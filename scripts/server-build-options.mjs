// The esbuild settings of the server's bundle (decision 0021), shared by scripts/build-server.mjs (the production
// build) and bench/build-real-server.mjs (the benchmarks' server, built the same way so that the benchmarks
// measure the code production runs).
import fs from 'node:fs';
import path from 'node:path';

/**
 * Modules find files next to their source through import.meta.url (the locale JSON files, the sandbox's
 * script and style, the repository root, the PDF fonts' packages). In one bundle every module would share
 * the bundle's URL, so each module's own URL is rewritten relative to the bundle: the files stay where they
 * are in the checkout, and the built server works wherever the checkout lives.
 */
function keepModuleUrls(outdir) {
  return {
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
}

/** apps/server/dist: the bundle, and each worker thread's entry beside it (lib/worker-script.ts finds them there). */
export function serverOutdir(root) {
  return path.join(root, 'apps/server/dist');
}

/**
 * The packages left out of the bundle: every package from apps/server's `dependencies` (native addons such as
 * better-sqlite3 cannot be bundled, and `npm ci --omit=dev` installs exactly those). The workspace packages
 * (contract, locales, psychometrics) are TypeScript and are bundled in.
 */
export function serverRuntimePackages(root) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  return Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@mindgauge/'));
}

/** esbuild's options for `entryPoints` (name -> source file) built into apps/server/dist. */
export function serverBuildOptions(root, entryPoints) {
  const outdir = serverOutdir(root);
  const runtime = serverRuntimePackages(root);
  return {
    entryPoints,
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
    plugins: [keepModuleUrls(outdir)],
  };
}

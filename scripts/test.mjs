#!/usr/bin/env node
// `npm test`: lint, then the typecheck beside every test suite (unit, server on SQLite and PostgreSQL, browser)
// in one Vitest run. Ends with the plain "N passed, N failed, N skipped" line.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const run = (label, cmd, args) => {
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  console.info(`\n${res.status === 0 ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  return res.status === 0;
};

/** Like run, without waiting: the type check (one core) overlaps the tests' waits on databases and browsers. */
const runAsync = (label, cmd, args) => {
  const started = Date.now();
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      console.info(`\n${code === 0 ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
      resolve(code === 0);
    }),
  );
};

const extra = process.argv.slice(2);
const lintOk = run('lint', bin('biome'), ['ci', '.']);
const types = runAsync('typecheck', bin('tsc'), ['-b']);

const report = path.join(root, '.tmp/vitest-report.json');
fs.mkdirSync(path.dirname(report), { recursive: true });
fs.rmSync(report, { force: true });
const testsOk = await runAsync('tests', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extra,
]);

const typesOk = await types;

let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = r.numPassedTests;
  failed = r.numFailedTests;
  skipped = r.numPendingTests + r.numTodoTests;
}
if (!lintOk) failed++;
if (!typesOk) failed++;
if (!testsOk && failed === 0) failed++;
console.info(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && testsOk ? 0 : 1);

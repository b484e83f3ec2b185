#!/usr/bin/env node
// `npm test`: lint, the type check and the unit, component and server suites (SQLite and PostgreSQL) at once,
// then the browser tests in a Vitest process of their own, two files at a time (decision 0039). Ends with the
// plain "N passed, N failed, N skipped" line; .tmp/vitest-report.json holds both processes' results.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const started = Date.now();
const seconds = (from) => `${((Date.now() - from) / 1000).toFixed(1)} s`;

/**
 * Runs a command without waiting; its output lines carry a prefix (several run at once). Resolves to whether
 * it succeeded, and prints how long it took.
 */
function run(label, cmd, args) {
  const from = Date.now();
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${label}] `;
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => console.info(prefix + line));
  }
  return new Promise((resolve) =>
    child.on('close', (code) => {
      console.info(`\n${code === 0 ? '✔' : '✘'} ${label} (${seconds(from)})\n`);
      resolve(code === 0);
    }),
  );
}

const extra = process.argv.slice(2);
const reportDir = path.join(root, '.tmp');
fs.mkdirSync(reportDir, { recursive: true });
const report = path.join(reportDir, 'vitest-report.json');

/** A Vitest run writing its own JSON report. */
function vitest(label, file, args) {
  fs.rmSync(file, { force: true });
  return {
    file,
    ok: run(label, bin('vitest'), [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
      ...args,
    ]),
  };
}

const lint = run('lint', bin('biome'), ['ci', '.']);
const types = run('typecheck', bin('tsc'), ['-b']);
// A run narrowed to chosen projects is one Vitest process as asked; otherwise the browser project runs in a
// second process (each with --passWithNoTests, so a file filter may match only one side).
const narrowed = extra.some((a) => a === '--project' || a.startsWith('--project='));
const runs = [
  vitest(
    'tests',
    path.join(reportDir, 'vitest-report-main.json'),
    narrowed ? extra : ['--project=!e2e', '--passWithNoTests', ...extra],
  ),
];
if (!narrowed) {
  // The browser tests start once the type check and the other suites are done. Beside them (decision 0039's
  // first layout) a fresh clone's type check (about 3 minutes of one core) and the server suites starved the
  // pages: navigations took over the polls' second and three browser tests failed in a clean-clone CI run.
  await Promise.all([types, runs[0].ok]);
  runs.push(
    vitest('browser', path.join(reportDir, 'vitest-report-e2e.json'), ['--project=e2e', '--passWithNoTests', ...extra]),
  );
}

const [lintOk, typesOk, ...testsOk] = await Promise.all([lint, types, ...runs.map((r) => r.ok)]);

// One report for both processes, in the shape of Vitest's own (tools and people read this file).
let passed = 0;
let failed = 0;
let skipped = 0;
const merged = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults: [] };
for (const r of runs) {
  if (!fs.existsSync(r.file)) continue;
  const part = JSON.parse(fs.readFileSync(r.file, 'utf8'));
  for (const key of ['numPassedTests', 'numFailedTests', 'numPendingTests', 'numTodoTests'])
    merged[key] += part[key] ?? 0;
  merged.testResults.push(...(part.testResults ?? []));
  merged.startTime = Math.min(merged.startTime ?? part.startTime, part.startTime);
  merged.success = (merged.success ?? true) && part.success;
}
fs.writeFileSync(report, JSON.stringify(merged));
passed = merged.numPassedTests;
failed = merged.numFailedTests;
skipped = merged.numPendingTests + merged.numTodoTests;

// The failures again, last, where a log cut to its tail still shows them (CI prints only the end of the output).
// A file that failed outside its tests (an import error, a hook) is named itself.
const failures = merged.testResults.flatMap((file) => {
  const where = path.relative(root, file.name);
  const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
  if (tests.length > 0)
    return tests.map((t) => ({ file: where, name: t.fullName, message: t.failureMessages?.[0] ?? '' }));
  return file.status === 'failed' ? [{ file: where, name: '(the file itself)', message: file.message ?? '' }] : [];
});
if (failures.length > 0) {
  console.info(`Failed (${failures.length}):`);
  for (const f of failures) {
    const lines = f.message.split('\n').filter((line) => !line.includes('node_modules/'));
    const message = lines.slice(0, 12).join('\n      ');
    console.info(`  ✘ ${f.file} > ${f.name}\n      ${message}`);
  }
  console.info('');
}

if (!lintOk) failed++;
if (!typesOk) failed++;
const allTestsOk = testsOk.every(Boolean);
if (!allTestsOk && failed === 0) failed++;
console.info(`${passed} passed, ${failed} failed, ${skipped} skipped (${seconds(started)})`);
process.exit(failed === 0 && allTestsOk ? 0 : 1);

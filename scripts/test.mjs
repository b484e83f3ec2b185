#!/usr/bin/env node
// `npm test`: lint, the type check, the unit, component and server suites (SQLite and PostgreSQL) and the
// browser tests (a Vitest process of their own, two files at a time), all at once; everything but the browser
// tests runs at the lowest CPU priority, in the cores' idle moments (decision 0039, fifth addendum). Ends with
// the plain "N passed, N failed, N skipped" line; .tmp/vitest-report.json holds both processes' results.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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
function run(label, cmd, args, { priority } = {}) {
  const from = Date.now();
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  if (priority !== undefined) {
    try {
      os.setPriority(child.pid, priority);
    } catch {
      // Not permitted on this system: the run is the same, only slower.
    }
  }
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
function vitest(label, file, args, options) {
  fs.rmSync(file, { force: true });
  return {
    file,
    ok: run(
      label,
      bin('vitest'),
      ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args],
      options,
    ),
  };
}

/**
 * The browser tests wait on pages with timed polls (Vitest's expect.poll gives a second), so they keep the
 * cores whenever they want them; the rest fills the moments they leave. Beside them at the same priority (the
 * first layout) the server suites and a fresh clone's type check starved the pages and three browser tests
 * failed in CI; one after the other, the run could not use both cores while one suite's last files ran, nor
 * while a browser test waited (the reaction task's 24 signals, 50 s).
 */
const BACKGROUND = 19;
const lint = run('lint', bin('biome'), ['ci', '.'], { priority: BACKGROUND });
const types = run('typecheck', bin('tsc'), ['-b'], { priority: BACKGROUND });
// A run narrowed to chosen projects is one Vitest process as asked, at normal priority; otherwise the browser
// project runs in a process of its own (each with --passWithNoTests, so a file filter may match only one side).
const narrowed = extra.some((a) => a === '--project' || a.startsWith('--project='));
const runs = [];
if (!narrowed) {
  runs.push(
    vitest('browser', path.join(reportDir, 'vitest-report-e2e.json'), ['--project=e2e', '--passWithNoTests', ...extra]),
  );
}
runs.push(
  vitest(
    'tests',
    path.join(reportDir, 'vitest-report-main.json'),
    narrowed ? extra : ['--project=!e2e', '--passWithNoTests', ...extra],
    narrowed ? undefined : { priority: BACKGROUND },
  ),
);

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

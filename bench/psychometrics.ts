/**
 * Benchmark and audit of the measurement engine (issue 3).
 * Run from the repository root: npx tsx bench/psychometrics.ts
 * Writes bench/results/psychometrics.json. This script may read the clock and the
 * machine; the engine itself never does.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  assembleForm,
  auditOptionsOnly,
  calibrate,
  createRng,
  generateItem,
  type MatrixItem,
  matrixKey,
  p3pl,
  renderItemSvg,
  type ScoringKey,
  scoreIq,
  scoringKey,
  simulateSession,
  testInformation,
  uniformChiSquare,
} from '../packages/psychometrics/src/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const log = (...args: unknown[]) => console.info('[psychometrics]', ...args);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}
const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

// 1. Form generation with SVG.
function benchForms() {
  const rng = createRng('bench-forms');
  for (let i = 0; i < 20; i++) for (const it of assembleForm(rng).items) renderItemSvg(it);
  const times: number[] = [];
  let maxItemBytes = 0;
  for (let i = 0; i < (quick ? 60 : 200); i++) {
    const t0 = performance.now();
    const form = assembleForm(rng);
    for (const it of form.items) maxItemBytes = Math.max(maxItemBytes, renderItemSvg(it).bytes);
    times.push(performance.now() - t0);
  }
  return {
    formMedianMs: round(median(times), 3),
    formP95Ms: round([...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)] as number, 3),
    maxItemSvgBytes: maxItemBytes,
  };
}

// 2. Scoring one session.
function benchScoring() {
  const rng = createRng('bench-score');
  const key = scoringKey(assembleForm(rng));
  const sessions = Array.from({ length: 3000 }, () => simulateSession(rng, key, { kind: 'honest' }));
  for (const s of sessions.slice(0, 500)) scoreIq(s, { key });
  const times: number[] = [];
  for (const s of sessions) {
    const t0 = performance.now();
    scoreIq(s, { key });
    times.push(performance.now() - t0);
  }
  return { scoreMedianMs: round(median(times), 4) };
}

// 3. Options-only strategies and answer position.
function benchOptionsOnly() {
  const rng = createRng('bench-options-only');
  const draw = (n: number, level?: number) =>
    Array.from({ length: n }, (_, i) => generateItem(rng, { level: level ?? 1 + (i % 5) }));
  const train = draw(6000);
  const test = draw(6000);
  const overall = auditOptionsOnly(test, train);
  const byLevel: Record<string, number> = {};
  if (!quick) for (let l = 1; l <= 5; l++) byLevel[l] = round(auditOptionsOnly(draw(6000, l), train).bestAccuracy);
  const counts = [0, 0, 0, 0, 0, 0];
  for (const it of test) counts[it.answerIndex] = (counts[it.answerIndex] ?? 0) + 1;
  return {
    optionsOnlyBestAccuracy: round(overall.bestAccuracy),
    optionsOnlyBestStrategy: overall.bestStrategy,
    optionsOnlyStrategies: Object.fromEntries(overall.strategies.map((s) => [s.name, round(s.accuracy)])),
    optionsOnlyBestAccuracyByLevel: byLevel,
    answerPositionCounts: counts,
    answerPositionChiSquareP: round(uniformChiSquare(counts).p),
  };
}

// 4. Simulated respondents: coverage, SE, flag rates.
function benchSimulation() {
  const rng = createRng('bench-simulation');
  const keys: ScoringKey[] = Array.from({ length: 20 }, () => scoringKey(assembleForm(rng)));
  const n = quick ? 1000 : 5000;
  let covered = 0;
  let scored = 0;
  let honestFlagged = 0;
  for (let i = 0; i < n; i++) {
    const key = keys[i % keys.length] as ScoringKey;
    const theta = rng.normal();
    const r = scoreIq(simulateSession(rng, key, { kind: 'honest', theta }), { key });
    if (!r.valid) {
      honestFlagged++;
      continue;
    }
    scored++;
    const trueIq = 100 + 15 * theta;
    if (trueIq >= r.iq.range95.lower && trueIq <= r.iq.range95.upper) covered++;
  }
  const flagRate = (kind: 'random' | 'rapid' | 'straight', count: number) => {
    let flagged = 0;
    for (let i = 0; i < count; i++) {
      const key = keys[i % keys.length] as ScoringKey;
      if (!scoreIq(simulateSession(rng, key, { kind }), { key }).valid) flagged++;
    }
    return flagged / count;
  };
  const honestByTheta: Record<string, number> = {};
  for (const theta of [-2.5, -2, -1.5, -1, -0.5, 0, 1, 2, 2.5]) {
    let f = 0;
    const m = quick ? 200 : 1000;
    for (let i = 0; i < m; i++) {
      const key = keys[i % keys.length] as ScoringKey;
      if (!scoreIq(simulateSession(rng, key, { kind: 'honest', theta }), { key }).valid) f++;
    }
    honestByTheta[theta.toFixed(1)] = round(f / m);
  }
  let seSum = 0;
  let seN = 0;
  for (let i = 0; i < 1000; i++) {
    const key = keys[i % keys.length] as ScoringKey;
    const r = scoreIq(simulateSession(rng, key, { kind: 'honest', theta: 0 }), { key });
    if (r.valid) {
      seSum += r.iq.se;
      seN++;
    }
  }
  const tif0 = keys.map((k) => testInformation(0, k.items));
  return {
    ciCoverage95: round(covered / scored),
    seAtTheta0: round(seSum / seN),
    testInformationAtTheta0: round(median(tif0), 3),
    honestFlagRate: round(honestFlagged / n),
    honestFlagRateByTheta: honestByTheta,
    randomFlagRate: round(flagRate('random', quick ? 2000 : 20000), 5),
    rapidFlagRate: round(flagRate('rapid', quick ? 500 : 2000)),
    straightFlagRate: round(flagRate('straight', 500)),
  };
}

// 5. Parallel forms.
function benchParallel() {
  const rng = createRng('bench-parallel');
  const grid = Array.from({ length: 17 }, (_, i) => -2 + i * 0.25);
  const curves = Array.from({ length: 100 }, () => {
    const params = assembleForm(rng).items.map((it) => it.parameters);
    return grid.map((t) => testInformation(t, params));
  });
  let worst = 1;
  grid.forEach((_, k) => {
    const v = curves.map((c) => c[k] as number);
    worst = Math.max(worst, Math.max(...v) / Math.min(...v));
  });
  return { parallelFormsWorstTifRatio: round(worst) };
}

// 6. Calibration recovery at N = 500.
function benchCalibration() {
  const rng = createRng('bench-calibration');
  const rmses: number[] = [];
  const rmsesA: number[] = [];
  for (let rep = 0; rep < (quick ? 2 : 10); rep++) {
    const truth = assembleForm(rng).items.map((it) => it.parameters);
    const rows = Array.from({ length: 500 }, () => {
      const theta = rng.normal();
      return truth.map((t) => (rng.next() < p3pl(theta, t.a, t.b) ? 1 : 0) as 0 | 1);
    });
    const fit = calibrate(rows);
    const e = fit.items.map((it, i) => it.b - (truth[i]?.b ?? 0));
    const ea = fit.items.map((it, i) => it.a - (truth[i]?.a ?? 0));
    rmses.push(Math.sqrt(e.reduce((s, x) => s + x * x, 0) / e.length));
    rmsesA.push(Math.sqrt(ea.reduce((s, x) => s + x * x, 0) / ea.length));
  }
  return {
    calibrationRmseB500: round(rmses.reduce((s, x) => s + x, 0) / rmses.length),
    calibrationRmseA500: round(rmsesA.reduce((s, x) => s + x, 0) / rmsesA.length),
  };
}

// 7. Distinct items per difficulty level.
function benchDuplicates() {
  const byLevel: Record<string, number> = {};
  let total = 0;
  const draws = quick ? 20_000 : 100_000;
  for (let level = 1; level <= 5; level++) {
    const rng = createRng(`bench-duplicates-${level}`);
    const seen = new Set<string>();
    let dup = 0;
    for (let i = 0; i < draws; i++) {
      const key = matrixKey(generateItem(rng, { level }) as MatrixItem);
      if (seen.has(key)) dup++;
      else seen.add(key);
    }
    byLevel[level] = dup;
    total += dup;
    log(`level ${level}: ${dup} duplicate puzzles in ${draws} draws`);
  }
  return { duplicatesIn100k: total, duplicatesIn100kByLevel: byLevel, duplicateDraws: draws };
}

const started = performance.now();
const results: Record<string, unknown> = {};
for (const [name, fn] of [
  ['forms', benchForms],
  ['scoring', benchScoring],
  ['options-only', benchOptionsOnly],
  ['simulation', benchSimulation],
  ['parallel', benchParallel],
  ['calibration', benchCalibration],
  ['duplicates', benchDuplicates],
] as const) {
  const t0 = performance.now();
  Object.assign(results, fn());
  log(`${name} done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const budgets = {
  formMedianMs: (results.formMedianMs as number) <= 20,
  scoreMedianMs: (results.scoreMedianMs as number) <= 1,
  optionsOnlyBestAccuracy: (results.optionsOnlyBestAccuracy as number) <= 0.187,
  answerPositionChiSquareP: (results.answerPositionChiSquareP as number) > 0.01,
  ciCoverage95: (results.ciCoverage95 as number) >= 0.93 && (results.ciCoverage95 as number) <= 0.97,
  seAtTheta0: (results.seAtTheta0 as number) <= 0.45,
  randomFlagRate: (results.randomFlagRate as number) >= 0.9,
  honestFlagRate: (results.honestFlagRate as number) <= 0.05,
  duplicatesIn100k: results.duplicatesIn100k === 0,
};
const out = {
  generatedAt: new Date().toISOString(),
  machine: {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
  },
  quick,
  ...results,
  budgetsMet: budgets,
  totalSeconds: round((performance.now() - started) / 1000, 1),
};
const dir = path.join(here, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'psychometrics.json'), `${JSON.stringify(out, null, 2)}\n`);
log(JSON.stringify(out, null, 2));
const failed = Object.entries(budgets)
  .filter(([, ok]) => !ok)
  .map(([k]) => k);
if (failed.length > 0) {
  log(`budgets missed: ${failed.join(', ')}`);
  process.exitCode = 1;
}

import { PsychometricsInputError } from '../core/errors';
import { GUESSING, type ItemParams } from './model';

/** One respondent's scored answers: 1 right, 0 wrong, null not administered. */
export type ResponseRow = readonly (0 | 1 | null)[];

export interface CalibrationOptions {
  /** Starting values (default a = 1.4, b from the proportion correct). */
  readonly start?: readonly ItemParams[];
  readonly maxIterations?: number;
  /** Stop when no parameter moves more than this between EM cycles. */
  readonly tolerance?: number;
  /** Prior on log a: normal(mean, sd); default mean log(1.5), sd 0.4. */
  readonly logAPrior?: { readonly mean: number; readonly sd: number };
  /** Prior on b: normal(mean, sd); default mean 0, sd 2. */
  readonly bPrior?: { readonly mean: number; readonly sd: number };
}

export interface CalibrationResult {
  readonly items: readonly (ItemParams & { readonly seB: number; readonly seA: number })[];
  readonly iterations: number;
  readonly converged: boolean;
  /** Marginal log-likelihood at the estimates (without priors). */
  readonly logLikelihood: number;
}

const NODES = 41;
const NODE_MIN = -4;
const NODE_STEP = 0.2;

/**
 * Marginal maximum likelihood by EM (Bock & Aitkin 1981) for the 3PL with c fixed
 * at 1/6, with weak priors on a and b (Bayes modal estimation, Mislevy 1986) so
 * extreme items cannot drift off. The ability distribution is N(0, 1), which fixes
 * the theta scale that IQ = 100 + 15 theta is read on. Missing cells (items a
 * respondent did not see) simply drop out of the likelihood, so forms that differ
 * per person calibrate together when items are grouped by family.
 */
export function calibrate(rows: readonly ResponseRow[], options: CalibrationOptions = {}): CalibrationResult {
  const nItems = rows[0]?.length ?? 0;
  if (rows.length === 0 || nItems === 0 || rows.some((r) => r.length !== nItems)) {
    throw new PsychometricsInputError('invalid_response_matrix', 'rows must be non-empty and of equal length');
  }
  for (const r of rows)
    for (const x of r)
      if (x !== null && x !== 0 && x !== 1) {
        throw new PsychometricsInputError('invalid_response_matrix', 'cells must be 0, 1 or null');
      }
  const logAPrior = options.logAPrior ?? { mean: Math.log(1.5), sd: 0.4 };
  const bPrior = options.bPrior ?? { mean: 0, sd: 2 };
  const maxIterations = options.maxIterations ?? 200;
  const tolerance = options.tolerance ?? 1e-4;
  const nodes = Array.from({ length: NODES }, (_, k) => NODE_MIN + k * NODE_STEP);
  const prior = nodes.map((t) => Math.exp(-0.5 * t * t));
  const priorSum = prior.reduce((s, w) => s + w, 0);
  for (let k = 0; k < NODES; k++) prior[k] = (prior[k] as number) / priorSum;

  const a = new Float64Array(nItems);
  const b = new Float64Array(nItems);
  for (let i = 0; i < nItems; i++) {
    const start = options.start?.[i];
    if (start) {
      a[i] = start.a;
      b[i] = start.b;
      continue;
    }
    let right = 0;
    let seen = 0;
    for (const r of rows)
      if (r[i] !== null) {
        seen++;
        right += r[i] as number;
      }
    const pStar = Math.min(0.95, Math.max(0.05, (right / Math.max(1, seen) - GUESSING) / (1 - GUESSING)));
    a[i] = 1.4;
    b[i] = -Math.log(pStar / (1 - pStar)) / 1.2;
  }

  const p = new Float64Array(nItems * NODES);
  const post = new Float64Array(NODES);
  const n = new Float64Array(nItems * NODES);
  const r = new Float64Array(nItems * NODES);
  let iterations = 0;
  let converged = false;
  let logLikelihood = 0;
  while (iterations < maxIterations) {
    iterations++;
    fillProbabilities(p, a, b, nodes);
    n.fill(0);
    r.fill(0);
    logLikelihood = 0;
    // E-step: posterior over nodes for each respondent, accumulated into expected counts.
    for (const row of rows) {
      let max = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < NODES; k++) {
        let ll = Math.log(prior[k] as number);
        for (let i = 0; i < nItems; i++) {
          const x = row[i];
          if (x === null) continue;
          const pik = p[i * NODES + k] as number;
          ll += Math.log(x === 1 ? pik : 1 - pik);
        }
        post[k] = ll;
        if (ll > max) max = ll;
      }
      let sum = 0;
      for (let k = 0; k < NODES; k++) {
        const w = Math.exp((post[k] as number) - max);
        post[k] = w;
        sum += w;
      }
      logLikelihood += max + Math.log(sum);
      for (let k = 0; k < NODES; k++) {
        const w = (post[k] as number) / sum;
        for (let i = 0; i < nItems; i++) {
          const x = row[i];
          if (x === null) continue;
          n[i * NODES + k] = (n[i * NODES + k] as number) + w;
          if (x === 1) r[i * NODES + k] = (r[i * NODES + k] as number) + w;
        }
      }
    }
    // M-step: a few Fisher-scoring steps per item on (log a, b) with priors.
    let change = 0;
    for (let i = 0; i < nItems; i++) {
      const before = [a[i] as number, b[i] as number];
      const next = mStep(i, a[i] as number, b[i] as number, n, r, nodes, logAPrior, bPrior);
      a[i] = next.a;
      b[i] = next.b;
      change = Math.max(change, Math.abs(next.a - (before[0] as number)), Math.abs(next.b - (before[1] as number)));
    }
    if (change < tolerance) {
      converged = true;
      break;
    }
  }
  const items = Array.from({ length: nItems }, (_, i) => {
    const info = fisher(i, a[i] as number, b[i] as number, n, nodes, logAPrior, bPrior);
    return {
      a: a[i] as number,
      b: b[i] as number,
      seA: (a[i] as number) * Math.sqrt(info.varLogA),
      seB: Math.sqrt(info.varB),
    };
  });
  return { items, iterations, converged, logLikelihood };
}

function fillProbabilities(p: Float64Array, a: Float64Array, b: Float64Array, nodes: readonly number[]): void {
  for (let i = 0; i < a.length; i++) {
    for (let k = 0; k < NODES; k++) {
      p[i * NODES + k] =
        GUESSING + (1 - GUESSING) / (1 + Math.exp(-(a[i] as number) * ((nodes[k] as number) - (b[i] as number))));
    }
  }
}

interface Prior {
  readonly mean: number;
  readonly sd: number;
}

/** Gradient and expected information of the expected complete-data log posterior in (log a, b). */
function derivatives(
  i: number,
  a: number,
  b: number,
  n: Float64Array,
  r: Float64Array | null,
  nodes: readonly number[],
  pa: Prior,
  pb: Prior,
) {
  let gA = 0;
  let gB = 0;
  let iAA = 0;
  let iAB = 0;
  let iBB = 0;
  for (let k = 0; k < NODES; k++) {
    const nk = n[i * NODES + k] as number;
    if (nk <= 0) continue;
    const t = nodes[k] as number;
    const s = 1 / (1 + Math.exp(-a * (t - b)));
    const pk = GUESSING + (1 - GUESSING) * s;
    const dz = (1 - GUESSING) * s * (1 - s);
    // Chain rule: dP/dlog a = dz * a (t - b); dP/db = -dz * a.
    const dA = dz * a * (t - b);
    const dB = -dz * a;
    const wv = 1 / (pk * (1 - pk));
    if (r) {
      const resid = (r[i * NODES + k] as number) - nk * pk;
      gA += resid * wv * dA;
      gB += resid * wv * dB;
    }
    iAA += nk * wv * dA * dA;
    iAB += nk * wv * dA * dB;
    iBB += nk * wv * dB * dB;
  }
  const la = Math.log(a);
  gA -= (la - pa.mean) / (pa.sd * pa.sd);
  gB -= (b - pb.mean) / (pb.sd * pb.sd);
  iAA += 1 / (pa.sd * pa.sd);
  iBB += 1 / (pb.sd * pb.sd);
  return { gA, gB, iAA, iAB, iBB };
}

function mStep(
  i: number,
  a0: number,
  b0: number,
  n: Float64Array,
  r: Float64Array,
  nodes: readonly number[],
  pa: Prior,
  pb: Prior,
) {
  let la = Math.log(a0);
  let b = b0;
  for (let step = 0; step < 4; step++) {
    const d = derivatives(i, Math.exp(la), b, n, r, nodes, pa, pb);
    const det = d.iAA * d.iBB - d.iAB * d.iAB;
    if (!(det > 0)) break;
    let dLa = (d.iBB * d.gA - d.iAB * d.gB) / det;
    let dB = (d.iAA * d.gB - d.iAB * d.gA) / det;
    // Damp large steps; the likelihood surface of hard items is flat.
    const scale = Math.max(1, Math.abs(dLa) / 0.5, Math.abs(dB) / 1);
    dLa /= scale;
    dB /= scale;
    la += dLa;
    b += dB;
    if (Math.abs(dLa) < 1e-6 && Math.abs(dB) < 1e-6) break;
  }
  return { a: Math.exp(la), b };
}

function fisher(i: number, a: number, b: number, n: Float64Array, nodes: readonly number[], pa: Prior, pb: Prior) {
  const d = derivatives(i, a, b, n, null, nodes, pa, pb);
  const det = d.iAA * d.iBB - d.iAB * d.iAB;
  return { varLogA: d.iBB / det, varB: d.iAA / det };
}

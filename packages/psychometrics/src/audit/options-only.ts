import type { ComponentState, MatrixItem, Panel } from '../items/types';

/**
 * Context-blind strategies: each sees only the six options (never the matrix) and
 * picks one. If any does much better than chance (1/6), the options leak the answer.
 */
export interface OptionsOnlyStrategy {
  readonly name: string;
  /** Optional training on items with known answers (for learned strategies). */
  readonly train?: (items: readonly MatrixItem[]) => void;
  readonly choose: (item: MatrixItem) => number;
}

type Field = keyof ComponentState;
const FIELDS: readonly Field[] = ['positions', 'shape', 'size', 'fill'];

/** Flat list of (field id, value) describing an option. */
function features(layout: string, p: Panel): string[] {
  const out: string[] = [];
  p.components.forEach((c, i) => {
    for (const f of FIELDS) out.push(`${layout}:${i}:${f}=${c[f]}`);
  });
  return out;
}

function values(p: Panel): number[] {
  const out: number[] = [];
  for (const c of p.components) for (const f of FIELDS) out.push(c[f]);
  return out;
}

function bitDistance(a: number, b: number): number {
  let x = a ^ b;
  let n = 0;
  while (x) {
    x &= x - 1;
    n++;
  }
  return n;
}

/** Distance between two options: level differences, plus slot differences for grids. */
function distance(a: Panel, b: Panel): number {
  let d = 0;
  a.components.forEach((ca, i) => {
    const cb = b.components[i];
    if (!cb) return;
    d +=
      bitDistance(ca.positions, cb.positions) +
      Math.abs(ca.shape - cb.shape) +
      Math.abs(ca.size - cb.size) +
      Math.abs(ca.fill - cb.fill);
  });
  return d;
}

function argBest(scores: readonly number[], better: (x: number, y: number) => boolean): number {
  let best = 0;
  for (let i = 1; i < scores.length; i++) if (better(scores[i] as number, scores[best] as number)) best = i;
  return best;
}

function frequencyScores(item: MatrixItem): number[] {
  const vals = item.options.map(values);
  return vals.map((v) => v.reduce((s, x, k) => s + vals.filter((w) => w[k] === x).length, 0));
}

function centralityScores(item: MatrixItem): number[] {
  return item.options.map((o) => item.options.reduce((s, p) => s + distance(o, p), 0));
}

/** The panel built from each attribute's most common value among the options. */
function modalPanel(item: MatrixItem): number[] {
  const vals = item.options.map(values);
  const width = vals[0]?.length ?? 0;
  const out: number[] = [];
  for (let k = 0; k < width; k++) {
    const counts = new Map<number, number>();
    for (const v of vals) counts.set(v[k] as number, (counts.get(v[k] as number) ?? 0) + 1);
    let bestValue = 0;
    let bestCount = -1;
    for (const [value, count] of counts) if (count > bestCount) [bestValue, bestCount] = [value, count];
    out.push(bestValue);
  }
  return out;
}

/** Naive Bayes over (layout, component, attribute, value), trained on answered items. */
function learnedValueStrategy(): OptionsOnlyStrategy {
  const logOdds = new Map<string, number>();
  return {
    name: 'learned-value-prior',
    train: (items) => {
      const ans = new Map<string, number>();
      const dis = new Map<string, number>();
      let nAns = 0;
      let nDis = 0;
      for (const it of items) {
        it.options.forEach((o, i) => {
          const target = i === it.answerIndex ? ans : dis;
          for (const f of features(it.layout, o)) target.set(f, (target.get(f) ?? 0) + 1);
          if (i === it.answerIndex) nAns++;
          else nDis++;
        });
      }
      for (const key of new Set([...ans.keys(), ...dis.keys()])) {
        logOdds.set(
          key,
          Math.log(((ans.get(key) ?? 0) + 1) / (nAns + 2)) - Math.log(((dis.get(key) ?? 0) + 1) / (nDis + 2)),
        );
      }
    },
    choose: (item) =>
      argBest(
        item.options.map((o) => features(item.layout, o).reduce((s, f) => s + (logOdds.get(f) ?? 0), 0)),
        (x, y) => x > y,
      ),
  };
}

/**
 * Learns whether the answer tends to hold the smallest, a middle or the largest of
 * the values shown for an attribute (e.g. "the answer is usually the bigger one").
 */
function learnedRankStrategy(): OptionsOnlyStrategy {
  const logOdds = new Map<string, number>();
  const rankFeatures = (item: MatrixItem, index: number): string[] => {
    const vals = item.options.map(values);
    const mine = vals[index] as number[];
    return mine.map((v, k) => {
      const column = [...new Set(vals.map((w) => w[k] as number))].sort((x, y) => x - y);
      if (column.length === 1) return `${k}:same`;
      const r = column.indexOf(v);
      const rank = r === 0 ? 'min' : r === column.length - 1 ? 'max' : 'mid';
      return `${item.layout}:${k}:${column.length}:${rank}`;
    });
  };
  return {
    name: 'learned-rank-prior',
    train: (items) => {
      const ans = new Map<string, number>();
      const dis = new Map<string, number>();
      for (const it of items) {
        it.options.forEach((_, i) => {
          const target = i === it.answerIndex ? ans : dis;
          for (const f of rankFeatures(it, i)) target.set(f, (target.get(f) ?? 0) + 1);
        });
      }
      for (const key of new Set([...ans.keys(), ...dis.keys()])) {
        const a = (ans.get(key) ?? 0) + 1;
        const d = (dis.get(key) ?? 0) + 5;
        logOdds.set(key, Math.log(a / d));
      }
    },
    choose: (item) =>
      argBest(
        item.options.map((_, i) => rankFeatures(item, i).reduce((s, f) => s + (logOdds.get(f) ?? 0), 0)),
        (x, y) => x > y,
      ),
  };
}

export function optionsOnlyStrategies(): OptionsOnlyStrategy[] {
  return [
    { name: 'most-frequent-values', choose: (it) => argBest(frequencyScores(it), (x, y) => x > y) },
    { name: 'odd-one-out', choose: (it) => argBest(frequencyScores(it), (x, y) => x < y) },
    { name: 'most-central', choose: (it) => argBest(centralityScores(it), (x, y) => x < y) },
    { name: 'most-peripheral', choose: (it) => argBest(centralityScores(it), (x, y) => x > y) },
    {
      name: 'closest-to-modal-panel',
      choose: (it) => {
        const modal = modalPanel(it);
        return argBest(
          it.options.map((o) => values(o).reduce((s, v, k) => s + (v === modal[k] ? 0 : 1), 0)),
          (x, y) => x < y,
        );
      },
    },
    {
      name: 'most-one-step-neighbours',
      choose: (it) => {
        const vals = it.options.map(values);
        return argBest(
          vals.map((v) => vals.filter((w) => w.filter((x, k) => x !== v[k]).length === 1).length),
          (x, y) => x > y,
        );
      },
    },
    learnedValueStrategy(),
    learnedRankStrategy(),
  ];
}

export interface OptionsOnlyReport {
  readonly items: number;
  readonly strategies: readonly { readonly name: string; readonly accuracy: number }[];
  readonly bestAccuracy: number;
  readonly bestStrategy: string;
}

/** Runs every strategy on `items` (learned ones first train on `trainingItems`). */
export function auditOptionsOnly(
  items: readonly MatrixItem[],
  trainingItems: readonly MatrixItem[] = [],
): OptionsOnlyReport {
  const results = optionsOnlyStrategies().map((s) => {
    if (s.train) s.train(trainingItems);
    let hits = 0;
    for (const it of items) if (s.choose(it) === it.answerIndex) hits++;
    return { name: s.name, accuracy: hits / items.length };
  });
  const best = results.reduce((b, r) => (r.accuracy > b.accuracy ? r : b));
  return { items: items.length, strategies: results, bestAccuracy: best.accuracy, bestStrategy: best.name };
}

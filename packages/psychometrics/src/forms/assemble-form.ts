import { PsychometricsInputError } from '../core/errors';
import type { Rng } from '../core/rng';
import { generateFromStructure } from '../items/generate-item';
import { matrixKey } from '../items/item-key';
import { type ItemStructure, sampleStructure, sampleSurfaceProofStructure } from '../items/structure';
import type { MatrixItem } from '../items/types';
import { balancedKeyPositions } from './balanced-key';
import { type FormSlot, standardBlueprint } from './blueprint';

export interface AssembleFormOptions {
  /** Slots in presentation order; default: 3 parts of 10 with rising difficulty. */
  readonly blueprint?: readonly FormSlot[];
  /** Candidate structures drawn per form to match the blueprint (default 1500). */
  readonly poolSize?: number;
  /**
   * Balance the key over the six positions (default true). False reproduces forms assembled before keys
   * were balanced, whose correct option landed at random: stored sessions are redrawn from their seed.
   */
  readonly balanceKey?: boolean;
  /** Where each slot's correct option goes (overrides balanceKey): the multistage test draws its key once. */
  readonly keyPositions?: readonly number[];
  /** Version-2 distractors that defeat surface matching (`surfaceProof`); version 1 leaves it off. */
  readonly surfaceProof?: boolean;
  /** Weight of |a - targetA| against |b - targetB| when a slot picks its structure (default 0.5). */
  readonly aWeight?: number;
}

export interface Form {
  /** Items in presentation order. */
  readonly items: readonly MatrixItem[];
  /** Part number (1-based) of each item, same order as `items`. */
  readonly partOf: readonly number[];
  readonly blueprint: readonly FormSlot[];
}

/**
 * Assembles a fresh form. A pool of random structures is drawn and each slot takes
 * the unused structure nearest its target (b first, then a); values and
 * distractors are then drawn fresh. Every form thus has nearly the same item
 * parameters slot by slot, hence nearly the same test information curve, while
 * no two forms share items. The key is balanced over the six positions (balancedKeyPositions).
 */
export function assembleForm(rng: Rng, options: AssembleFormOptions = {}): Form {
  const blueprint = options.blueprint ?? standardBlueprint();
  const poolSize = options.poolSize ?? 1500;
  const aWeight = options.aWeight ?? 0.5;
  if (blueprint.length === 0 || !Number.isInteger(poolSize) || poolSize < blueprint.length) {
    throw new PsychometricsInputError('invalid_options', 'blueprint must be non-empty and the pool at least as large');
  }
  const pool: ItemStructure[] = [];
  for (let i = 0; i < poolSize; i++) {
    pool.push(options.surfaceProof ? sampleSurfaceProofStructure(rng) : sampleStructure(rng));
  }
  const used = new Uint8Array(poolSize);
  // The pool's parameters side by side: each slot scans all of them for the nearest.
  const poolB = Float64Array.from(pool, (s) => s.b);
  const poolA = Float64Array.from(pool, (s) => s.a);
  const items: MatrixItem[] = [];
  const seen = new Set<string>();
  const answerAt =
    options.keyPositions ?? (options.balanceKey === false ? [] : balancedKeyPositions(rng, blueprint.length));
  for (const [index, slot] of blueprint.entries()) {
    for (;;) {
      let best = -1;
      let bestDistance = Number.POSITIVE_INFINITY;
      for (let i = 0; i < poolSize; i++) {
        if (used[i]) continue;
        const d =
          Math.abs((poolB[i] as number) - slot.targetB) + aWeight * Math.abs((poolA[i] as number) - slot.targetA);
        if (d < bestDistance) {
          best = i;
          bestDistance = d;
        }
      }
      if (best < 0) throw new PsychometricsInputError('invalid_options', 'structure pool exhausted');
      used[best] = 1;
      const item = generateFromStructure(rng, pool[best] as ItemStructure, answerAt[index]);
      if (!item) continue;
      const key = matrixKey(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
      break;
    }
  }
  return { items, partOf: blueprint.map((s) => s.part), blueprint };
}

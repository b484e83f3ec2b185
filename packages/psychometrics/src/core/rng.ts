/**
 * Seeded pseudo-random numbers. The engine never touches Math.random: every
 * caller passes an Rng, so the same seed always yields the same items and scores.
 *
 * Generator: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator), 128-bit
 * state, passes PractRand to multiple terabytes, and is fast in pure JavaScript.
 * Seeding: cyrb128, a 128-bit string hash, so human-readable seeds work.
 */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Standard normal deviate (Box-Muller). */
  normal(): number;
  /** An independent stream derived from this one's current state and a label. */
  fork(label: string): Rng;
}

/** cyrb128: four 32-bit words from a string, used only for seeding. */
export function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

function sfc32(state: [number, number, number, number]): Rng {
  let [a, b, c, d] = state;
  const nextU32 = (): number => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Discard the first outputs: sfc32 mixes poorly right after seeding.
  for (let i = 0; i < 15; i++) nextU32();
  let spareNormal: number | null = null;
  const rng: Rng = {
    next: () => nextU32() / 4294967296,
    int: (n) => Math.floor((nextU32() / 4294967296) * n),
    normal: () => {
      if (spareNormal !== null) {
        const z = spareNormal;
        spareNormal = null;
        return z;
      }
      let u = 0;
      while (u === 0) u = nextU32() / 4294967296;
      const v = nextU32() / 4294967296;
      const r = Math.sqrt(-2 * Math.log(u));
      spareNormal = r * Math.sin(2 * Math.PI * v);
      return r * Math.cos(2 * Math.PI * v);
    },
    fork: (label) => {
      const salt = hash128(label);
      return sfc32([
        (nextU32() ^ salt[0]) >>> 0,
        (nextU32() ^ salt[1]) >>> 0,
        (nextU32() ^ salt[2]) >>> 0,
        (nextU32() ^ salt[3]) >>> 0,
      ]);
    },
  };
  return rng;
}

/** Creates a deterministic generator from a string or number seed. */
export function createRng(seed: string | number): Rng {
  return sfc32(hash128(typeof seed === 'number' ? `n:${seed}` : `s:${seed}`));
}

/** Uniformly chosen element of a non-empty array. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[rng.int(items.length)];
  if (item === undefined) throw new RangeError('pick from an empty array');
  return item;
}

/** Fisher-Yates shuffle into a new array. */
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}

/** Index drawn with probability proportional to the weights. */
export function weightedIndex(rng: Rng, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let u = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    u -= weights[i] as number;
    if (u < 0) return i;
  }
  return weights.length - 1;
}

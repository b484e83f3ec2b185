import type { AttributeName, LayoutName } from './types';

export interface Slot {
  readonly x: number;
  readonly y: number;
}

export interface ComponentDef {
  readonly slots: readonly Slot[];
  /** Circumradius of a size-6 object, in viewBox units (viewBox is 100 x 100). */
  readonly maxRadius: number;
  /** Radius of size level 1..6 as a share of maxRadius. */
  readonly sizeScale: readonly number[];
  /** Attributes governed by rules; a grid's first entry is its slot attribute. */
  readonly attributes: readonly AttributeName[];
  /** Outer shapes are drawn as outlines so an inner shape stays visible. */
  readonly outline: boolean;
}

export interface LayoutDef {
  readonly name: LayoutName;
  readonly components: readonly ComponentDef[];
}

const SINGLE_ATTRS: readonly AttributeName[] = ['shape', 'size', 'fill'];
const GRID_ATTRS: readonly AttributeName[] = ['position', 'shape', 'size', 'fill'];
const SCALE = [0.45, 0.56, 0.67, 0.78, 0.89, 1];

function single(x: number, y: number, maxRadius: number): ComponentDef {
  return { slots: [{ x, y }], maxRadius, sizeScale: SCALE, attributes: SINGLE_ATTRS, outline: false };
}

/** Small grid cells start larger so five and six sides stay distinguishable on a phone. */
const DENSE_SCALE = [0.55, 0.64, 0.73, 0.82, 0.91, 1];

function grid(side: number, first: number, gap: number, maxRadius: number, sizeScale: readonly number[]): ComponentDef {
  const slots: Slot[] = [];
  for (let r = 0; r < side; r++) for (let c = 0; c < side; c++) slots.push({ x: first + c * gap, y: first + r * gap });
  return { slots, maxRadius, sizeScale, attributes: GRID_ATTRS, outline: false };
}

export const LAYOUTS: Readonly<Record<LayoutName, LayoutDef>> = {
  center: { name: 'center', components: [single(50, 50, 40)] },
  'left-right': { name: 'left-right', components: [single(26, 50, 22), single(74, 50, 22)] },
  'up-down': { name: 'up-down', components: [single(50, 26, 22), single(50, 74, 22)] },
  'outer-inner': {
    name: 'outer-inner',
    components: [
      // The outer shape's smallest inradius (triangle, r/2 = 16) still holds the largest inner shape.
      {
        slots: [{ x: 50, y: 52 }],
        maxRadius: 46,
        sizeScale: [0.7, 0.76, 0.82, 0.88, 0.94, 1],
        attributes: ['shape', 'size'],
        outline: true,
      },
      { slots: [{ x: 50, y: 52 }], maxRadius: 15, sizeScale: SCALE, attributes: SINGLE_ATTRS, outline: false },
    ],
  },
  'grid-2x2': { name: 'grid-2x2', components: [grid(2, 27, 46, 21, SCALE)] },
  'grid-3x3': { name: 'grid-3x3', components: [grid(3, 18, 32, 15, DENSE_SCALE)] },
};

export const LAYOUT_NAMES: readonly LayoutName[] = [
  'center',
  'left-right',
  'up-down',
  'outer-inner',
  'grid-2x2',
  'grid-3x3',
];

/** Fixed, dice-like arrangements used when a rule acts on the number of objects. */
export const CANONICAL_PATTERNS: Readonly<Record<number, readonly number[]>> = {
  4: [0, 0b0001, 0b1001, 0b0111, 0b1111],
  9: [
    0,
    1 << 4,
    (1 << 0) | (1 << 8),
    (1 << 0) | (1 << 4) | (1 << 8),
    (1 << 0) | (1 << 2) | (1 << 6) | (1 << 8),
    (1 << 0) | (1 << 2) | (1 << 4) | (1 << 6) | (1 << 8),
    (1 << 0) | (1 << 2) | (1 << 3) | (1 << 5) | (1 << 6) | (1 << 8),
    (1 << 0) | (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5) | (1 << 6) | (1 << 8),
    0b111111111 & ~(1 << 4),
    0b111111111,
  ],
};

/** Canonical mask for `count` objects in a grid of `capacity` slots. */
export function canonicalMask(capacity: number, count: number): number {
  return CANONICAL_PATTERNS[capacity]?.[count] ?? -1;
}

/** Count of objects in a canonical mask, or -1 when the mask is not canonical. */
export function canonicalCount(capacity: number, mask: number): number {
  const patterns = CANONICAL_PATTERNS[capacity];
  if (!patterns) return -1;
  for (let n = 1; n < patterns.length; n++) if (patterns[n] === mask) return n;
  return -1;
}

export function popCount(mask: number): number {
  let m = mask;
  let n = 0;
  while (m) {
    m &= m - 1;
    n++;
  }
  return n;
}

/** Cyclic shift of occupied slots by `by` in reading order. */
export function shiftMask(mask: number, capacity: number, by: number): number {
  let out = 0;
  for (let i = 0; i < capacity; i++) if (mask & (1 << i)) out |= 1 << ((((i + by) % capacity) + capacity) % capacity);
  return out;
}

/** Value domain of a numeric attribute (inclusive bounds). */
export function attributeDomain(attribute: AttributeName, capacity: number): { min: number; max: number } {
  switch (attribute) {
    case 'shape':
      return { min: 1, max: 5 };
    case 'size':
    case 'fill':
      return { min: 1, max: 6 };
    case 'number':
      return { min: 1, max: capacity };
    case 'position':
      return { min: 1, max: (1 << capacity) - 1 };
  }
}

/**
 * The multistage designs (decision 0022, 0037): where each module's difficulty targets lie, the discrimination
 * the assembly aims at and the routing prior. A design is data, so a stored session names the design it was
 * drawn under and redraws the very same items years later; a new design is added, an old one never edited.
 */
export interface MultistageDesign {
  /** Part 1, common to everyone: b of its first and last item. */
  readonly stage1Span: readonly [number, number];
  /** Part 2 modules by level (0 easier, 1 middle, 2 harder): b of their first and last item. */
  readonly stage2Spans: readonly (readonly [number, number])[];
  /** Part 3 modules: for each part-2 module, the centres of the easier, middle and harder module's b span. */
  readonly stage3Centres: readonly (readonly [number, number, number])[];
  /** Width of every part-3 module's b span. */
  readonly stage3Width: number;
  /** Discrimination every slot aims at. */
  readonly targetA: number;
  /** Weight of |a - targetA| against |b - targetB| when a slot picks its structure (assembleForm's aWeight). */
  readonly aWeight: number;
  /** Part 1's b targets one by one, when they are not evenly spread over stage1Span (whose ends they keep). */
  readonly stage1Targets?: readonly number[];
  /** SD of the normal prior routing averages the information over (routing only, never scoring). */
  readonly routingPriorSd: number;
  /**
   * How the next module is chosen: 'greedy', the most information of the next module over the posterior;
   * 'lookahead', the least error variance expected at the end of the test (multistage.ts).
   */
  readonly routing: 'greedy' | 'lookahead';
}

/**
 * Design 1 (decision 0022, second pass): served as form version 3. Part 1 reaches b = -0.6 so that routing
 * after it can tell the able from the very able; part-3 modules are 0.5 wide.
 */
export const MST_DESIGN_1: MultistageDesign = {
  stage1Span: [-2.45, -0.6],
  stage2Spans: [
    [-1.85, -0.85],
    [-1.3, 0.3],
    [0.3, 1.9],
  ],
  stage3Centres: [
    [-1.2, -0.6, 0.0],
    [-0.3, 0.5, 1.3],
    [1.25, 1.95, 2.75],
  ],
  stage3Width: 0.5,
  targetA: 1.8,
  aWeight: 0.5,
  routingPriorSd: 1.5,
  routing: 'greedy',
};

/**
 * Design 2 (decision 0037): design 1's modules, routed by looking ahead to part 3 and assembled from the most
 * discriminating structures near each target. Greedy routing sent about 40% of people, everyone who answered
 * part 1 well, to the harder part 2 and then (part 3 must be harder still) to puzzles well above those near
 * IQ 100-115; 'lookahead' weighs the error variance the whole test will leave. Each slot aims at a = 1.95, just
 * above the highest the difficulty model predicts (1.86), with weight 2: it takes the highest predicted a near
 * the target b (mean a of a module 1.80 -> 1.82-1.85, at a mean |b - target| of 0.02-0.06). Both only use the
 * predicted parameters as the generator gives them. Bench: reliability .880 -> see decision 0037.
 */
export const MST_DESIGN_2: MultistageDesign = {
  ...MST_DESIGN_1,
  targetA: 1.95,
  aWeight: 2,
  routing: 'lookahead',
};

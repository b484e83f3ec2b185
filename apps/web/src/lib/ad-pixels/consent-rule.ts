import type { Continent } from '../runtime-config';

export type ConsentChoice = 'granted' | 'denied';

export interface ConsentInput {
  continent: Continent;
  /** The spec's runtime mode; the `fb` marker in it keeps consent denied. */
  mode: string;
  /** Whether the page is on an excluded path (excluded-paths.ts). */
  excluded: boolean;
  /** What the visitor chose in the consent banner, if anything. */
  choice: ConsentChoice | null;
}

export type ConsentOutcome =
  | { kind: 'denied'; basis: 'excluded-path' | 'mode' | 'choice' }
  | { kind: 'granted'; basis: 'choice' }
  /** Denied until the visitor answers the banner. */
  | { kind: 'ask' }
  /** Denied by default, then granted once the consent wait (500 ms) has passed. */
  | { kind: 'grant-after-wait' };

/**
 * The consent rule (spec section 4, product stance "ad consent", decision 0024). Consent is never granted on
 * an excluded path nor in a mode with the `fb` marker. A choice the visitor made stands, wherever they are.
 * Otherwise visitors in Europe, and visitors whose continent is unknown (no trusted country header), are
 * asked and stay denied until they answer; visitors elsewhere are granted after the 500 ms wait.
 */
export function consentOutcome(input: ConsentInput): ConsentOutcome {
  if (input.excluded) return { kind: 'denied', basis: 'excluded-path' };
  if (input.mode.includes('fb')) return { kind: 'denied', basis: 'mode' };
  if (input.choice === 'granted') return { kind: 'granted', basis: 'choice' };
  if (input.choice === 'denied') return { kind: 'denied', basis: 'choice' };
  if (input.continent === 'other') return { kind: 'grant-after-wait' };
  return { kind: 'ask' };
}

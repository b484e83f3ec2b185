import type { Locale } from '@mindgauge/contract';
import { useAppState } from '../../app/app-state';

/**
 * The terms the visitor accepted on the scheme screen, kept in the app state (per tab) so the payment call
 * can send `consent: { terms: true, termsVersion }`. Only a tick of the box records it.
 */
export function rememberTermsAccepted(examId: number, hl: Locale, terms: { id: number; version: string }): void {
  const state = useAppState.getState();
  const key = `${examId}:${hl}`;
  const others = (state.protocols[key] ?? []).filter((p) => p.kind !== 'terms');
  state.set({
    protocols: {
      ...state.protocols,
      [key]: [...others, { id: terms.id, kind: 'terms', version: terms.version, accepted: true }],
    },
  });
}

/** Whether this version of the exam's terms was accepted in this tab (in any language). */
export function hasAcceptedTerms(examId: number, version: string): boolean {
  const { protocols } = useAppState.getState();
  return Object.entries(protocols).some(
    ([key, docs]) =>
      key.startsWith(`${examId}:`) && docs.some((d) => d.kind === 'terms' && d.accepted && d.version === version),
  );
}

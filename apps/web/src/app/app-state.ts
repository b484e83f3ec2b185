import {
  DEFAULT_APP_CODE,
  DEFAULT_EXAM_ID,
  type Locale,
  parseOrderNumber,
  STORAGE_PREFIX,
  type TLanguage,
} from '@mindgauge/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The app state of the spec's section 3, kept per tab in session storage under `IQ-app-state`, so a refresh
 * keeps it and a new tab starts clean. It holds only what something reads back. The spec's other fields are
 * kept by their owner or have no reader, so they are not stored: the chosen answers and progress per test
 * session (features/test/progress.ts, and the session itself on the server), the pay method (the payment
 * records it), the config value (lib/persisted-config.ts); assets, the form info (no screen asks for it), the
 * continent code (the ad consent rule reads it from the page the server sent, each load: lib/ad-pixels), the
 * landing page href and the second-phase flag.
 */
export interface AppState {
  /**
   * Kept from the spec's list for the visitor's context of the tab: the page language, the exam scope the visit
   * came in on and the exam's languages (the browser tests read them from `IQ-app-state`).
   */
  locale: Locale;
  appCode: string;
  appExamId: number;
  languageList: TLanguage[];
  /** The address given for the report, offered again on the e-mail, payment, retrieval and cancel forms. */
  email: string;
  /** The question page the visitor was on, so a refresh returns to it. */
  questionPageNumber: number;
  /** The free headline of the tab's last scored test (class and puzzles right), shown after the e-mail step. */
  headline: { orderNumber: string; classId: string; correct: number; total: number } | null;
  /** A gift code from a gift link (`?gift=` on the landing), redeemed on the report choice. */
  giftCode: string;
  /**
   * The token of an e-mailed result link (`?order=…&token=…`) this tab came in on: it lets this browser, not
   * only the one that took the test, pay for that order's report.
   */
  linkToken: { orderNumber: string; token: string } | null;
  /** Legal documents by `${examId}:${hl}`; each carries whether the visitor accepted it. */
  protocols: Record<string, { id: number; kind: string; version: string; accepted: boolean }[]>;
  set: (patch: Partial<Omit<AppState, 'set'>>) => void;
}

export const useAppState = create<AppState>()(
  persist(
    (set) => ({
      locale: 'en',
      appCode: DEFAULT_APP_CODE,
      appExamId: DEFAULT_EXAM_ID,
      languageList: [],
      email: '',
      questionPageNumber: 0,
      giftCode: '',
      headline: null,
      linkToken: null,
      protocols: {},
      set: (patch) => set(patch),
    }),
    {
      name: `${STORAGE_PREFIX}app-state`,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ set: _set, ...state }) => state,
    },
  ),
);

/**
 * Keeps the token of an e-mailed result link (`?order=…&token=…`) for this tab, before the page's loader runs
 * (a loader may redirect to a URL without it): the payment sends it, so another browser can pay.
 */
export function rememberLinkToken(search: URLSearchParams): void {
  const orderNumber = parseOrderNumber(search.get('order') ?? '');
  const token = search.get('token');
  if (orderNumber && token) useAppState.getState().set({ linkToken: { orderNumber, token } });
}

import { DEFAULT_APP_CODE, DEFAULT_EXAM_ID, type Locale, STORAGE_PREFIX, type TLanguage } from '@mindgauge/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The app state of the spec's section 3, kept per tab in session storage under `IQ-app-state`, so a refresh
 * keeps it and a new tab starts clean. Screens of later issues fill the test and payment fields.
 */
export interface AppState {
  locale: Locale;
  assets: Record<string, string>;
  /** Chosen option index per question id. */
  selectedAnswers: Record<string, number>;
  questionsInfo: { sessionId?: string; count?: number; deadline?: string } | null;
  formInfo: {
    firstName?: string;
    lastName?: string;
    email?: string;
    birthYear?: number;
    gender?: string;
    country?: string;
  } | null;
  email: string;
  appCode: string;
  appExamId: number;
  configValue: Record<string, unknown>;
  payMethod: 'card' | 'paypal' | null;
  questionPageNumber: number;
  continentCode: string;
  landingPageHref: string;
  secondPhaseOpen: boolean;
  /** A gift code from a gift link (`?gift=` on the landing), redeemed on the report choice. */
  giftCode: string;
  /** Legal documents by `${examId}:${hl}`; each carries whether the visitor accepted it. */
  protocols: Record<string, { id: number; kind: string; version: string; accepted: boolean }[]>;
  languageList: TLanguage[];
  set: (patch: Partial<Omit<AppState, 'set'>>) => void;
}

export const useAppState = create<AppState>()(
  persist(
    (set) => ({
      locale: 'en',
      assets: {},
      selectedAnswers: {},
      questionsInfo: null,
      formInfo: null,
      email: '',
      appCode: DEFAULT_APP_CODE,
      appExamId: DEFAULT_EXAM_ID,
      configValue: {},
      payMethod: null,
      questionPageNumber: 0,
      continentCode: '',
      landingPageHref: '',
      secondPhaseOpen: false,
      giftCode: '',
      protocols: {},
      languageList: [],
      set: (patch) => set(patch),
    }),
    {
      name: `${STORAGE_PREFIX}app-state`,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ set: _set, ...state }) => state,
    },
  ),
);

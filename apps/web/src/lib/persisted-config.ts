import { DEFAULT_EXAM_ID, KEPT_QUERY_PARAMS } from '@mindgauge/contract';
import { persistent } from './storage';

/** Config kept across visits (section 3): theme, locale path, country, exam id, kept query, chatbot. */
export interface PersistedConfig {
  theme: string;
  localePath: string;
  countryCode: string;
  examId: number;
  appCode: string;
  /** The kept tracking subset of the query string (hl, logid, click ids). */
  keptQuery: Record<string, string>;
  chatbot: { open: boolean } | null;
}

const KEY = 'config';
const DEFAULTS: PersistedConfig = {
  theme: 'default',
  localePath: 'en',
  countryCode: '',
  examId: DEFAULT_EXAM_ID,
  appCode: 'IQB',
  keptQuery: {},
  chatbot: null,
};

export function readConfig(): PersistedConfig {
  return { ...DEFAULTS, ...persistent.get<Partial<PersistedConfig>>(KEY) };
}

export function updateConfig(patch: Partial<PersistedConfig>): PersistedConfig {
  const next = { ...readConfig(), ...patch };
  persistent.set(KEY, next);
  return next;
}

/** The kept parameters present in a query string. */
export function pickKeptQuery(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const kept: Record<string, string> = {};
  for (const name of KEPT_QUERY_PARAMS) {
    const value = params.get(name);
    if (value) kept[name] = value.slice(0, 200);
  }
  return kept;
}

import { LOCALES } from '@mindgauge/contract';
import type { Database } from '../../db/schema';

/** Seeded structure; all texts come from @mindgauge/locales (content, help and legal namespaces). */
export const SEED_CATEGORIES: Database['exam_categories'][] = [
  { id: 1, key: 'intelligence', sort: 1 },
  { id: 2, key: 'personality', sort: 2 },
];

export const SEED_EXAMS: Database['exams'][] = [
  {
    id: 1799,
    code: 'IQB',
    kind: 'iq',
    category_id: 1,
    question_count: 30,
    option_count: 6,
    parts: 3,
    time_limit_seconds: 1500,
    sort: 1,
    active: 1,
  },
  {
    id: 1800,
    code: 'MBT',
    kind: 'personality',
    category_id: 2,
    question_count: 40,
    option_count: 5,
    parts: 1,
    time_limit_seconds: 900,
    sort: 2,
    active: 1,
  },
];

export const SEED_EXAM_LANGUAGES = SEED_EXAMS.flatMap((exam) =>
  LOCALES.map((hl, sort) => ({ exam_id: exam.id, hl, sort })),
);

/** Legal documents per exam. Bump the version when the text changes: consents record the version. */
export const SEED_PROTOCOLS = [
  { kind: 'terms', version: '1.0', effective_date: '2026-11-21' },
  { kind: 'privacy', version: '1.0', effective_date: '2026-11-21' },
] as const;

/** Help articles: slug (the key in help.json), section, order. */
export const SEED_HELP_ARTICLES = [
  { slug: 'how-subscriptions-work', section: 'subscription' },
  { slug: 'cancel-subscription', section: 'subscription' },
  { slug: 'trial-explained', section: 'subscription' },
  { slug: 'prices-and-currencies', section: 'billing' },
  { slug: 'payment-methods', section: 'billing' },
  { slug: 'payment-failed', section: 'billing' },
  { slug: 'refunds', section: 'billing' },
  { slug: 'about-scores', section: 'legal' },
  { slug: 'privacy-data', section: 'legal' },
  { slug: 'delete-data', section: 'legal' },
  { slug: 'retrieve-report', section: 'contact' },
  { slug: 'contact-us', section: 'contact' },
] as const;

export const HELP_SECTIONS = ['subscription', 'billing', 'legal', 'contact'] as const;

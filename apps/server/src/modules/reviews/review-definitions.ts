/**
 * Demonstration reviews, seeded so a fresh install shows the section: names here, texts in
 * `catalog:demoReviews`. They are stored with `demo = 1`, always shown with the "demo" label, and the
 * operator removes them all at once (`removeDemo`): they stay as hidden rows, so a restart does not seed them again.
 */
export const DEMO_REVIEWS = [
  { key: 'r1', name: 'Emma W.', country: 'GB', rating: 5 },
  { key: 'r2', name: 'Lukas B.', country: 'DE', rating: 4 },
  { key: 'r3', name: 'Yuki T.', country: 'JP', rating: 5 },
  { key: 'r4', name: 'Camille R.', country: 'FR', rating: 4 },
] as const;

/** Simple line icons for the tiers' features, keyed by the server's `logoId`; decorative (the name is text). */
const PATHS: Record<string, string> = {
  iqScore: 'M4 19V5m0 14h16M8 15l3-4 3 2 5-6',
  classRange: 'M3 18c3 0 4-12 9-12s6 12 9 12M9 18v-4m6 4v-4',
  ranking: 'M6 20v-6m6 6V8m6 12v-9M4 20h16',
  dimensions: 'M12 3l8 5v8l-8 5-8-5V8l8-5Zm0 0v18M4 8l16 8M20 8L4 16',
  answerAnalysis: 'M9 11l2 2 4-4M5 4h14v16H5zM8 17h8',
  pdfReport: 'M7 3h7l5 5v13H7V3Zm7 0v5h5M10 13h6m-6 4h6',
  certificate: 'M5 4h14v11H5zM8 8h8m-8 3h5M10 15l-1 6 3-2 3 2-1-6',
  brainTests:
    'M9 4a3 3 0 0 0-3 3 3 3 0 0 0-2 5 3 3 0 0 0 3 5 3 3 0 0 0 5 1V5a3 3 0 0 0-3-1Zm6 0a3 3 0 0 1 3 3 3 3 0 0 1 2 5 3 3 0 0 1-3 5 3 3 0 0 1-5 1',
  trainingGuide: 'M4 5h6a2 2 0 0 1 2 2v13a2 2 0 0 0-2-2H4V5Zm16 0h-6a2 2 0 0 0-2 2v13a2 2 0 0 1 2-2h6V5Z',
  gift: 'M4 10h16v4H4zM6 14h12v7H6zM12 10v11M12 10c-2-4-6-4-6-1s6 1 6 1Zm0 0c2-4 6-4 6-1s-6 1-6 1Z',
  discount: 'M4 12l8-8h8v8l-8 8-8-8Zm12-4h.01M9 15l6-6',
};
const FALLBACK = 'M5 12l5 5 9-10';
// The plans' features reuse the tiers' icons.
PATHS.fullReport = PATHS.pdfReport as string;
PATHS.memberTests = PATHS.brainTests as string;
PATHS.trainingProgram = PATHS.trainingGuide as string;

export function FeatureIcon({ id }: { id: string }) {
  return (
    <svg className="icon sku-card__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[id] ?? FALLBACK} />
    </svg>
  );
}

import type { THelpSectionKey } from '@mindgauge/contract';

const PATHS: Record<THelpSectionKey, string> = {
  subscription: 'M4 7h16v10H4zM4 11h16M8 15h3',
  billing: 'M12 3v18M16 7c0-1.7-1.8-3-4-3s-4 1.3-4 3 1.8 3 4 3 4 1.3 4 3-1.8 3-4 3-4-1.3-4-3',
  legal: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z',
  contact: 'M4 6h16v12H4zM4 7l8 6 8-6',
};

export function SectionIcon({ section }: { section: THelpSectionKey }) {
  return (
    <svg viewBox="0 0 24 24" className="icon section-icon" aria-hidden="true">
      <path d={PATHS[section]} />
    </svg>
  );
}

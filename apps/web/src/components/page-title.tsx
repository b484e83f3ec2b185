import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Where a page prerendered at build time leaves its title (app/prerender.tsx writes it into <title>). */
export const PrerenderTitle = createContext<{ title?: string } | null>(null);

/** Sets the document title: "{page} · Mindgauge". */
export function PageTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  const full = title ? `${title} · ${t('brand.name')}` : t('brand.name');
  const sink = useContext(PrerenderTitle);
  // Rendering on the build machine: there is no document, the static page's head takes the title.
  if (sink) sink.title = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
  return null;
}

/** One part of the report's "about the test": its heading and its text, in the reader's language. */
export interface AboutPart {
  id: 'what' | 'how' | 'error' | 'routing' | 'norms' | 'validity' | 'limits' | 'privacy';
  title: string;
  text: string;
}

/** The parts the PDF prints on the first of its two about pages; the rest go on the second. */
export const ABOUT_FIRST_PAGE: ReadonlySet<AboutPart['id']> = new Set(['what', 'how', 'error', 'routing']);

/**
 * The report's "about the test": what it measures, how the number was estimated, how precise it is, how the
 * questions were chosen, who the reader is compared with, the checks, the limits and the data. One source for
 * the PDF's about pages and the web report's section, so both say the same words. Version 2 results say how
 * they were estimated and routed; version 1 results keep the words they had.
 */
export function aboutTheTest(
  t: (key: string) => string,
  summary: { scoringVersion: number; normNote: string },
): { title: string; parts: AboutPart[] } {
  const v2 = summary.scoringVersion >= 2;
  const part = (id: AboutPart['id'], text?: string): AboutPart => ({
    id,
    title: t(`pdf:about.${id}Title`),
    text: text ?? t(`pdf:about.${id}`),
  });
  return {
    title: t('pdf:about.title'),
    parts: [
      part('what'),
      part('how', v2 ? t('pdf:about.howV2') : undefined),
      part('error', v2 ? t('pdf:about.errorV2') : undefined),
      ...(v2 ? [part('routing')] : []),
      part('norms', summary.normNote),
      part('validity', v2 ? t('pdf:about.validityV2') : undefined),
      part('limits'),
      part('privacy'),
    ],
  };
}

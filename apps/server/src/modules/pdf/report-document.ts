import type { Locale, TReportSummary } from '@mindgauge/contract';
import { IQ_CLASSES, type PanelPath, populationShare } from '@mindgauge/psychometrics';
import { engineKey, type Translator } from '../../i18n/translator';
import { ABOUT_FIRST_PAGE, type AboutPart, aboutTheTest } from '../exam/about-the-test';
import type { LabRecord } from '../lab/lab-service';

/**
 * A report as a document model: fixed pages of simple blocks, built from the report's data and the locale
 * files, and drawn by a renderer (pdfkit for the product; the benchmark prints the same model with Chromium).
 */
export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string; size?: number; bold?: boolean; muted?: boolean; align?: 'left' | 'center' }
  | { kind: 'big'; value: string; label: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'table'; head: string[]; rows: string[][]; highlight?: number }
  | { kind: 'curve'; iq: number; low: number; high: number; you: string; average: string; axis: string }
  | { kind: 'bar'; score: number; low: number; high: number }
  | { kind: 'grid'; outcomes: ('right' | 'wrong' | 'none')[]; legend: [string, string, string] }
  | {
      kind: 'item';
      title: string;
      context: PanelPath[][];
      options: PanelPath[][];
      choice: number | null;
      answerIndex: number;
      lines: string[];
    }
  | { kind: 'frame'; blocks: Block[] }
  /** The certificate, drawn as a framed landscape page of its own. */
  | { kind: 'certificate'; cert: CertificateFace }
  /** A web address on one line, clickable in the PDF. */
  | { kind: 'link'; url: string }
  | { kind: 'gap'; size: number };

export interface ReportPage {
  blocks: Block[];
  /** A4 landscape (the certificate); portrait otherwise. */
  landscape?: boolean;
}

/** What the certificate says, line by line, in its language. */
export interface CertificateFace {
  title: string;
  certifies: string;
  name: string;
  achieved: string;
  /** The IQ as a number, or the below-range wording. */
  result: string;
  resultIsNumber: boolean;
  /** The class with the 95% range (or the class alone below the range). */
  detail: string;
  taken: string;
  serial: string;
  verifyAt: string;
  url: string;
  issued: string;
  disclaimer: string;
}

export interface ReportDocument {
  locale: Locale;
  title: string;
  subject: string;
  /** The footer of page `page` (1-based) of `pages`. */
  footer: (page: number, pages: number) => string;
  pages: ReportPage[];
}

/** One question as the analysis pages draw it (the engine's paths, in its 100 × 100 panel space). */
export interface ReportItem {
  number: number;
  correct: boolean;
  choice: number | null;
  answerIndex: number;
  context: PanelPath[][];
  options: PanelPath[][];
  explanations: string[];
}

export interface ReportData {
  locale: Locale;
  orderNumber: string;
  tierTitle: string;
  takenAt: number;
  name: string | null;
  summary: TReportSummary;
  questionCount: number;
  /** Every question; null when the tier has no answer analysis. */
  items: ReportItem[] | null;
  /** The psychology lab: whether the tier includes it, and the latest result of each questionnaire taken. */
  lab: { included: boolean; brain: LabRecord | null; eq: LabRecord | null };
  /** The certificate's facts; null when the tier has no certificate. */
  certificate: { serial: string; verifyUrl: string; issuedAt: number } | null;
}

/** The report's fixed page count (the spec's 21 pages). */
export const REPORT_PAGES = 21;
const ITEMS_PER_PAGE = 3;
/** Cover, contents, score, curve, country, five dimensions, analysis overview, training (2), about (2). */
const FIXED_PAGES = 15;

const letter = (i: number) => String.fromCharCode(65 + i);

/** The certificate's face: the same on the report's certificate page and in the certificate PDF. */
export function certificateFace(
  t: (k: string, o?: Record<string, unknown>) => string,
  d: ReportData,
  date: (ms: number) => string,
): CertificateFace | null {
  const s = d.summary;
  const cert = d.certificate;
  if (!cert) return null;
  const below = s.iq === null || s.rangeLow === null || s.rangeHigh === null;
  return {
    title: t('pdf:certificate.title'),
    certifies: t('pdf:certificate.certifies'),
    name: d.name ?? t('pdf:certificate.anonymous', { order: d.orderNumber }),
    // Below the range there is no score to have "achieved": the result is the range's bound.
    achieved: below ? t('print:certificate.completed') : t('pdf:certificate.achieved'),
    result: below ? t('pdf:below.headline', { bound: s.bound }) : String(s.iq),
    resultIsNumber: !below,
    detail: below
      ? t('report:class', { name: s.className })
      : t('pdf:certificate.classLine', { name: s.className, low: s.rangeLow, high: s.rangeHigh }),
    taken: t('pdf:certificate.onTest', { date: date(d.takenAt) }),
    serial: t('pdf:certificate.serial', { serial: cert.serial }),
    verifyAt: t('pdf:certificate.verifyAt'),
    url: cert.verifyUrl,
    issued: t('pdf:certificate.issued', { date: date(cert.issuedAt) }),
    disclaimer: t('pdf:certificate.disclaimer'),
  };
}

/** The certificate as a page: A4 landscape, framed, printable on its own. */
export function certificatePage(face: CertificateFace): ReportPage {
  return { landscape: true, blocks: [{ kind: 'certificate', cert: face }] };
}

/** Builds the 21 pages of a report in its language. Pure: the same data gives the same document. */
export function buildReportDocument(translator: Translator, d: ReportData): ReportDocument {
  const { locale } = d;
  const t = (k: string, o?: Record<string, unknown>) => translator.t(locale, k, o);
  const date = (ms: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(ms);
  const countryName = (code: string) => {
    try {
      return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  const s = d.summary;
  const below = s.iq === null || s.rangeLow === null || s.rangeHigh === null || s.percentile === null;
  const percent = Math.round(s.percentile ?? 0);
  const pages: ReportPage[] = [];
  const add = (...blocks: Block[]) => pages.push({ blocks });

  // 1. Cover
  add(
    { kind: 'gap', size: 80 },
    { kind: 'title', text: t('pdf:cover.title') },
    { kind: 'text', text: t('pdf:cover.subtitle', { tier: d.tierTitle }), muted: true },
    { kind: 'gap', size: 40 },
    ...(below
      ? [
          {
            kind: 'text' as const,
            text: t('pdf:below.headline', { bound: s.bound }),
            size: 20,
            bold: true,
            align: 'center' as const,
          },
        ]
      : [
          { kind: 'big' as const, value: String(s.iq), label: t('pdf:cover.iq') },
          {
            kind: 'text' as const,
            text: t('pdf:cover.range', { low: s.rangeLow, high: s.rangeHigh }),
            align: 'center' as const,
          },
        ]),
    { kind: 'text', text: t('report:class', { name: s.className }), align: 'center', bold: true },
    { kind: 'gap', size: 40 },
    ...(d.name ? [{ kind: 'text' as const, text: t('pdf:cover.for', { name: d.name }) }] : []),
    { kind: 'text', text: t('pdf:cover.takenOn', { date: date(d.takenAt) }) },
    { kind: 'text', text: t('pdf:cover.order', { order: d.orderNumber }), muted: true },
    { kind: 'gap', size: 24 },
    { kind: 'text', text: t('pdf:cover.note'), muted: true },
  );

  // The optional sections take pages only when they have content; the answer analysis draws more questions
  // in the pages they leave, so all 21 pages carry something worth printing.
  const labKeys = (['brain', 'eq'] as const).filter((k) => d.lab[k]?.result?.valid === true);
  const face = certificateFace(t, d, date);
  const itemPages = REPORT_PAGES - FIXED_PAGES - labKeys.length - (face ? 1 : 0);
  const firstAfterItems = 12 + itemPages;
  const sections: [string, number][] = [
    ['score', 3],
    ['curve', 4],
    ['country', 5],
    ['dimensions', 6],
    ['analysis', 11],
    ...labKeys.map((k, i): [string, number] => [k, firstAfterItems + i]),
    ['training', firstAfterItems + labKeys.length],
    ...(face ? [['certificate', firstAfterItems + labKeys.length + 2] as [string, number]] : []),
    ['about', REPORT_PAGES - 1],
  ];
  // 2. Contents, and the result at a glance
  const dimsAtGlance = (s.dimensions ?? []).map((dim) => [dim.name, `${dim.score} · ${dim.levelName}`]);
  add(
    { kind: 'title', text: t('pdf:contents.title') },
    {
      kind: 'table',
      head: ['', ''],
      rows: sections.map(([key, page]) => [t(`pdf:contents.${key}`), t('pdf:contents.page', { page })]),
    },
    { kind: 'gap', size: 10 },
    { kind: 'heading', text: t('print:glance.title') },
    {
      kind: 'table',
      head: ['', ''],
      rows: [
        ...(below
          ? [[t('print:glance.result'), t('pdf:below.headline', { bound: s.bound })]]
          : [
              [t('print:glance.iq'), String(s.iq)],
              [t('print:glance.range'), `${s.rangeLow}–${s.rangeHigh}`],
              [t('print:glance.percentile'), `${percent}%`],
            ]),
        [t('print:glance.class'), s.className],
        [t('print:glance.correct'), `${s.correct} / ${d.questionCount}`],
        ...dimsAtGlance,
      ],
    },
  );

  // 3. Score, range, class
  const yours = IQ_CLASSES.findIndex((c) => c.id === s.classId);
  add(
    { kind: 'title', text: t('pdf:score.title') },
    ...(below
      ? [
          {
            kind: 'text' as const,
            text: t('pdf:below.headline', { bound: s.bound }),
            size: 18,
            bold: true,
            align: 'center' as const,
          },
          {
            kind: 'text' as const,
            text: t('report:class', { name: s.className }),
            bold: true,
            align: 'center' as const,
          },
          { kind: 'text' as const, text: s.belowRangeText ?? '' },
        ]
      : [
          { kind: 'big' as const, value: String(s.iq), label: t('report:iqLabel') },
          {
            kind: 'text' as const,
            text: t('report:range', { low: s.rangeLow, high: s.rangeHigh }),
            align: 'center' as const,
          },
          {
            kind: 'text' as const,
            text: t('report:class', { name: s.className }),
            bold: true,
            align: 'center' as const,
          },
          { kind: 'text' as const, text: t('report:percentile', { percent }), align: 'center' as const },
        ]),
    { kind: 'gap', size: 12 },
    {
      kind: 'text',
      text: t('pdf:score.correct', { correct: s.correct, total: d.questionCount, answered: s.answered }),
    },
    ...(below ? [] : [{ kind: 'text' as const, text: t('report:rangeExplained') }]),
    { kind: 'heading', text: t('pdf:score.classesTitle') },
    {
      kind: 'table',
      head: [t('pdf:score.classRange'), t('pdf:score.className'), t('pdf:score.share')],
      rows: IQ_CLASSES.map((c) => [
        c.min === null ? `< ${c.max}` : c.max === null ? `${c.min}+` : `${c.min}–${(c.max ?? 0) - 1}`,
        translator.t(locale, engineKey(c.key)),
        `${(populationShare(c) * 100).toFixed(1)}%`,
      ]),
      highlight: yours,
    },
  );

  // 4. Population curve
  add(
    { kind: 'title', text: t('pdf:curve.title') },
    { kind: 'text', text: t('pdf:curve.lead') },
    ...(below || s.iq === null || s.rangeLow === null || s.rangeHigh === null
      ? [{ kind: 'text' as const, text: t('pdf:below.curve', { bound: s.bound }) }]
      : [
          {
            kind: 'curve' as const,
            iq: s.iq,
            low: s.rangeLow,
            high: s.rangeHigh,
            you: t('pdf:curve.you', { iq: s.iq }),
            average: t('pdf:curve.average'),
            axis: t('pdf:curve.axis'),
          },
          { kind: 'text' as const, text: t('report:percentile', { percent }) },
        ]),
    { kind: 'text', text: s.normNote, muted: true },
  );

  // 5. Country comparison
  const r = s.ranking;
  const countryLine = !r.country
    ? t('report:ranking.noCountry')
    : r.countryPercentBelow === null
      ? t('report:ranking.countryTooFew', { min: r.minSample, country: countryName(r.country) })
      : t('report:ranking.country', {
          country: countryName(r.country),
          n: r.countryN,
          percent: Math.round(r.countryPercentBelow),
        });
  add(
    { kind: 'title', text: t('pdf:country.title') },
    { kind: 'text', text: t('pdf:country.lead'), muted: true },
    ...(below ? [] : [{ kind: 'text' as const, text: t('report:ranking.population', { percent }) }]),
    { kind: 'text', text: countryLine },
    { kind: 'heading', text: t('report:ranking.topTitle') },
    {
      kind: 'table',
      head: ['#', t('pdf:country.colCountry'), t('pdf:country.colIq'), t('pdf:country.colPeople')],
      rows: r.topCountries.map((c, i) => [String(i + 1), countryName(c.country), String(c.meanIq), String(c.n)]),
    },
  );

  // 6–10. The five dimensions
  const dims = s.dimensions ?? [];
  for (let i = 0; i < 5; i++) {
    const dim = dims[i];
    if (!dim) {
      add(
        { kind: 'title', text: t('report:dimensions.title') },
        { kind: 'text', text: t('report:dimensions.notIncluded') },
      );
      continue;
    }
    add(
      { kind: 'title', text: t('pdf:dimension.title', { number: i + 1, name: dim.name }) },
      { kind: 'text', text: dim.description },
      { kind: 'big', value: String(dim.score), label: dim.levelName },
      { kind: 'bar', score: dim.score, low: dim.referenceLow, high: dim.referenceHigh },
      { kind: 'text', text: t('report:dimensions.level', { level: `${dim.level}/5 · ${dim.levelName}` }) },
      { kind: 'text', text: t('report:dimensions.reference', { low: dim.referenceLow, high: dim.referenceHigh }) },
      { kind: 'text', text: t('pdf:dimension.scale'), muted: true },
      { kind: 'heading', text: t('pdf:dimension.meaning') },
      { kind: 'text', text: t(`report:dimensions.interpretation.${dim.level}`) },
      { kind: 'text', text: t('report:dimensions.source', { source: dim.source }), muted: true },
      ...(dim.provisional ? [{ kind: 'text' as const, text: t('report:dimensions.provisional'), muted: true }] : []),
    );
  }

  // 11. Answer analysis: the overview, then the pages of questions drawn again
  const items = d.items;
  if (!items) {
    add({ kind: 'title', text: t('pdf:analysis.title') }, { kind: 'text', text: t('pdf:analysis.notIncluded') });
    for (let p = 0; p < itemPages; p++) {
      add({ kind: 'title', text: t('pdf:analysis.continued') }, { kind: 'text', text: t('pdf:analysis.notIncluded') });
    }
  } else {
    const outcome = (i: ReportItem) => (i.choice === null ? 'none' : i.correct ? 'right' : 'wrong');
    add(
      { kind: 'title', text: t('pdf:analysis.title') },
      { kind: 'text', text: t('print:analysis.lead', { correct: s.correct, total: items.length }) },
      { kind: 'text', text: t('pdf:analysis.overview'), muted: true },
      {
        kind: 'grid',
        outcomes: items.map(outcome),
        legend: [t('pdf:analysis.right'), t('pdf:analysis.wrong'), t('pdf:analysis.unanswered')],
      },
    );
    // Every question missed first, then the hardest right ones (the engine orders by difficulty within a part).
    const chosen = [...items.filter((i) => !i.correct), ...items.filter((i) => i.correct).reverse()].slice(
      0,
      ITEMS_PER_PAGE * itemPages,
    );
    const missed = items.filter((i) => !i.correct).length;
    for (let p = 0; p < itemPages; p++) {
      const slice = chosen.slice(p * ITEMS_PER_PAGE, (p + 1) * ITEMS_PER_PAGE);
      const blocks: Block[] = [{ kind: 'title', text: t('pdf:analysis.continued') }];
      for (const it of slice) {
        const label = t(`pdf:analysis.${{ right: 'right', wrong: 'wrong', none: 'unanswered' }[outcome(it)]}`);
        blocks.push({
          kind: 'item',
          title: t('pdf:analysis.question', { number: it.number, outcome: label }),
          context: it.context,
          options: it.options,
          choice: it.choice,
          answerIndex: it.answerIndex,
          lines: [
            t('report:wrong.correctAnswer', { letter: letter(it.answerIndex) }),
            it.choice === null
              ? t('report:wrong.noAnswer')
              : t('report:wrong.yourAnswer', { letter: letter(it.choice) }),
            // A rule the engine states for several attributes reads once.
            ...new Set(it.explanations),
          ],
        });
      }
      if (p === itemPages - 1 && missed > chosen.length) {
        blocks.push({ kind: 'text', text: t('pdf:analysis.more', { count: missed - chosen.length }), muted: true });
      }
      add(...blocks);
    }
  }

  // Left/right brain and EQ: the latest valid result of each questionnaire taken (none: no page)
  for (const key of labKeys) {
    const taken = d.lab[key];
    const res = taken?.result;
    if (!taken || !res?.valid) continue;
    add(
      { kind: 'title', text: t(`pdf:${key}.title`) },
      { kind: 'heading', text: t(engineKey(res.profileKey)) },
      { kind: 'text', text: t(engineKey(res.profileTextKey)) },
      ...(key === 'eq'
        ? [{ kind: 'text' as const, text: t('lab:eq.overall', { percent: res.overall }), bold: true }]
        : []),
      ...res.scales.flatMap((sc): Block[] => [
        {
          kind: 'text',
          text: `${t(engineKey(sc.key))}: ${t('lab:scoreOf', { percent: sc.percent })} · ${t(engineKey(sc.levelKey))}`,
          bold: true,
        },
        ...(key === 'eq' ? [{ kind: 'text' as const, text: t(`lab:eq.scaleText.${sc.scale}`), muted: true }] : []),
        { kind: 'bar', score: sc.percent, low: 0, high: sc.percent },
      ]),
      { kind: 'text', text: t(`lab:tests.${key}.about`), muted: true },
      { kind: 'text', text: t('lab:selfReport'), muted: true },
      { kind: 'text', text: t('lab:takenOn', { date: date(taken.takenAt) }), muted: true },
    );
  }

  // Brain-training guide (two pages)
  const habit = (k: string): Block[] => [
    { kind: 'heading', text: t(`pdf:training.${k}Title`) },
    { kind: 'text', text: t(`pdf:training.${k}`) },
  ];
  add(
    { kind: 'title', text: t('pdf:training.title') },
    { kind: 'text', text: t('pdf:training.intro') },
    ...habit('sleep'),
    ...habit('move'),
    ...habit('practice'),
    ...habit('focus'),
    ...habit('read'),
  );
  add(
    { kind: 'title', text: t('pdf:training.continued') },
    { kind: 'heading', text: t('pdf:training.weekTitle') },
    { kind: 'list', items: [1, 2, 3, 4, 5, 6, 7].map((n) => t(`pdf:training.day${n}`)) },
    { kind: 'gap', size: 12 },
    { kind: 'text', text: t('pdf:training.honest'), muted: true },
  );

  // The certificate, when the tier has one: its own framed landscape page
  if (face) pages.push(certificatePage(face));

  // 20–21. About the test
  // The same parts as the web report's "about the test" (one source: aboutTheTest), over two pages.
  const about = aboutTheTest((k) => t(k), s);
  const blocks = (parts: AboutPart[]): Block[] =>
    parts.flatMap((p) => [
      { kind: 'heading', text: p.title },
      { kind: 'text', text: p.text },
    ]);
  add({ kind: 'title', text: about.title }, ...blocks(about.parts.filter((p) => ABOUT_FIRST_PAGE.has(p.id))));
  add(
    { kind: 'title', text: t('pdf:about.continued') },
    ...blocks(about.parts.filter((p) => !ABOUT_FIRST_PAGE.has(p.id))),
  );

  if (pages.length !== REPORT_PAGES) throw new Error(`report has ${pages.length} pages, not ${REPORT_PAGES}`);
  return {
    locale,
    title: `${t('pdf:meta.title')} — ${d.orderNumber}`,
    subject: t('pdf:meta.subject'),
    footer: (page, total) => t('pdf:footer', { order: d.orderNumber, page, pages: total }),
    pages,
  };
}

import type { Locale, TPersonalityProfile } from '@mindgauge/contract';
import type { Translator } from '../../i18n/translator';
import type { Block, ReportDocument } from './report-document';

/**
 * The paid personality profile as a document model for the same renderer and worker pool as the IQ report:
 * the cover with the type, the four axes explained, then the portrait's parts the tier includes. Every text
 * is the profile's (already in the order's language) or a locale key of the personality namespaces.
 */
export function buildPersonalityDocument(translator: Translator, p: TPersonalityProfile): ReportDocument {
  const locale = p.locale as Locale;
  const t = (k: string, o?: Record<string, unknown>) => translator.t(locale, k, o);
  const title = t('personality-test:profile.metaTitle');
  const section = (key: string, text: string | null): Block[] =>
    text === null
      ? []
      : [
          { kind: 'heading', text: t(`types:typePage.sections.${key}`) },
          { kind: 'text', text },
        ];
  const axes: Block[] = p.axes.flatMap((a) => [
    { kind: 'heading', text: `${t(`personality-test:axis.${a.axis}`)} · ${a.letter} ${a.leanPercent}%` } as Block,
    { kind: 'text', text: a.meaning } as Block,
  ]);
  const quoted = (list: readonly { statement: string; answer: string }[]): Block[] =>
    list.length === 0
      ? []
      : [
          {
            kind: 'list',
            items: list.map(
              (q) =>
                `${t('personality-test:profile.quote', { statement: q.statement })} · ${t('personality-test:profile.answered', { answer: q.answer })}`,
            ),
          },
        ];
  // The reader's own answers behind each letter, then the type one letter away: the personal part.
  const evidence = (axes: TPersonalityProfile['axes']): Block[] =>
    axes.flatMap((a) => [
      { kind: 'heading', text: t(`personality-test:axis.${a.axis}`) } as Block,
      {
        kind: 'text',
        text: t('personality-test:profile.toward', { letter: a.letter, pole: t(`personality-test:pole.${a.letter}`) }),
        bold: true,
      } as Block,
      ...quoted(a.toward),
      { kind: 'text', text: t('personality-test:profile.against'), bold: true } as Block,
      ...(a.against.length > 0
        ? quoted(a.against)
        : [{ kind: 'text', text: t('personality-test:profile.noneAgainst'), muted: true } as Block]),
    ]);
  const depth = [
    ...section('work', p.work),
    ...section('relationships', p.relationships),
    ...section('growth', p.growth),
  ];
  return {
    locale,
    title: `${title}: ${p.type}`,
    subject: `${p.type} · ${p.name}`,
    footer: (page, pages) => t('pdf:footer', { order: p.orderNumber, page, pages }),
    pages: [
      {
        blocks: [
          { kind: 'title', text: title },
          { kind: 'text', text: t('personality-test:profile.eyebrow', { tier: p.tierTitle }), muted: true },
          { kind: 'gap', size: 12 },
          { kind: 'big', value: p.type, label: p.name },
          { kind: 'text', text: p.portrait, size: 13 },
          { kind: 'gap', size: 8 },
          { kind: 'text', text: p.intro },
        ],
      },
      {
        blocks: [
          { kind: 'title', text: t('personality-test:profile.axesTitle') },
          ...axes,
          { kind: 'gap', size: 8 },
          { kind: 'text', text: t('personality-test:result.marginExplained'), muted: true },
        ],
      },
      {
        blocks: [
          { kind: 'title', text: t('personality-test:profile.evidenceTitle') },
          { kind: 'text', text: t('personality-test:profile.evidenceLead'), muted: true },
          ...evidence(p.axes.slice(0, 2)),
        ],
      },
      // Two axes a page: five quoted statements per axis fill half a page in the longer languages.
      { blocks: evidence(p.axes.slice(2)) },
      {
        blocks: [
          { kind: 'heading', text: t('personality-test:profile.nearestTitle') },
          { kind: 'text', text: p.nearest.text },
          { kind: 'gap', size: 8 },
          { kind: 'text', text: t('personality-test:profile.portraitNote'), muted: true },
          ...section('strengths', p.strengths),
          ...section('blindSpots', p.blindSpots),
        ],
      },
      ...(depth.length > 0 ? [{ blocks: depth }] : []),
      {
        blocks: [
          { kind: 'heading', text: t('personality-test:result.whatTitle') },
          { kind: 'text', text: t('personality-test:result.what') },
          { kind: 'text', text: t('types:typePage.caveat'), muted: true },
        ],
      },
    ],
  };
}

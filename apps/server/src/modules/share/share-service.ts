import {
  type Locale,
  PERSONALITY_EXAM_ID,
  type TSharedResult,
  type TSharedType,
  type TShareLink,
  typeFamilyOf,
} from '@mindgauge/contract';
import { IQ_CLASSES } from '@mindgauge/psychometrics';
import { engineKey } from '../../i18n/translator';
import { AppError } from '../../lib/app-error';
import { publicId } from '../../lib/ids';
import { pageUrl } from '../../lib/page-url';
import type { Order, Session as SessionRow } from '../exam/exam-orders';
import { leanPercentOf, storedPersonalityResult } from '../exam/personality-profile';
import { type ReportAccess, reportAccessOf } from '../exam/report-access';
import { escapeHtml } from '../mail/escape-html';
import type { ReportDeps } from '../report/report-deps';
import { renderShareImage, type ShareCard } from './og-image';
import type { ShareRepository, ShareRow } from './share-repository';

const iso = (ms: number) => new Date(ms).toISOString();

export interface ShareDeps extends ReportDeps {
  /** The API's base path, for the image's address. */
  apiBase: string;
  shares: ShareRepository;
}

type Scored = SessionRow & { result: string };

/**
 * Share links: the owner of a paid report makes a link that shows the test and its result's headline (the IQ
 * class, or the personality type with its family and emblem), and the detail (the IQ score, the type's axis
 * leans) only if they opt in; they can list and revoke their links. The shared page and its image show
 * nothing else: never the answers, the buyer's name or e-mail, nor the rest of the report.
 */
export function shareService(d: ShareDeps) {
  const access = reportAccessOf(d);
  /** Rendered images per link and language, kept while the link lives. */
  const images = new Map<string, Buffer>();
  const t = (locale: Locale, key: string, vars?: Record<string, unknown>) => d.translator.t(locale, key, vars);

  const imageUrl = (shareId: string, hl?: Locale) =>
    `${d.publicUrl}${d.apiBase}/exam/share/${shareId}/image.png${hl ? `?hl=${encodeURIComponent(hl)}` : ''}`;

  const link = (row: ShareRow, examId: number): TShareLink => ({
    shareId: row.id,
    // The IQ link keeps the owner's language; a personality link opens in each viewer's own language.
    url: pageUrl(
      d.publicUrl,
      'reportShare',
      examId,
      examId === PERSONALITY_EXAM_ID ? { id: row.id } : { id: row.id, hl: row.locale },
    ),
    imageUrl: imageUrl(row.id),
    showScore: row.show_score === 1,
    createdAt: iso(row.created_at),
  });

  /** A live share with what it may show; revoked or unknown links, and unpaid orders, are 404. */
  async function shared(shareId: string) {
    const row = await d.shares.find(shareId);
    if (!row || row.revoked_at !== null) throw new AppError('SHARE_NOT_FOUND');
    const order = await d.exams.findOrder(row.order_number);
    const session = order ? await d.exams.findSession(order.session_id) : undefined;
    if (order?.status !== 'paid' || !session?.result) throw new AppError('SHARE_NOT_FOUND');
    return { row, order, session: session as Scored };
  }

  /** The personality type as a share shows it: the leans only when the owner chose to show them. */
  function sharedType(session: Scored, showLeans: boolean, locale: Locale): TSharedType {
    const r = storedPersonalityResult(session);
    const family = typeFamilyOf(r.type);
    return {
      type: r.type,
      name: t(locale, `types:types.${r.type}.name`),
      portrait: t(locale, `types:types.${r.type}.portrait`),
      family,
      familyName: t(locale, `types:families.${family}.name`),
      axes: showLeans
        ? r.axes.map((a) => ({
            axis: a.axis,
            letter: a.letter,
            leanPercent: leanPercentOf(a),
            borderline: a.borderline,
          }))
        : null,
    };
  }

  async function present(s: Awaited<ReturnType<typeof shared>>, locale: Locale): Promise<TSharedResult> {
    const shown = s.row.show_score === 1;
    const common = { shareId: s.row.id, takenAt: iso(s.order.created_at), imageUrl: imageUrl(s.row.id, locale) };
    if (s.order.exam_id === PERSONALITY_EXAM_ID) {
      const type = sharedType(s.session, shown, locale);
      return {
        ...common,
        kind: 'personality',
        examName: t(locale, 'personality-test:meta.testTitle'),
        classId: type.type,
        className: type.name,
        iq: null,
        bound: null,
        personality: type,
      };
    }
    const summary = await d.examService.reportSummary(s.order, s.session);
    const cls = IQ_CLASSES.find((c) => c.id === summary.classId);
    return {
      ...common,
      kind: 'iq',
      examName: t(locale, 'pdf:meta.subject'),
      classId: summary.classId,
      className: t(locale, engineKey(cls?.key ?? '')),
      iq: shown ? summary.iq : null,
      bound: shown ? summary.bound : null,
      personality: null,
    };
  }

  /** The image's card: what the page shows at a glance, nothing more. */
  const cardOf = (r: TSharedResult): ShareCard =>
    r.personality
      ? {
          kind: 'personality',
          code: r.personality.type,
          name: r.personality.name,
          familyName: r.personality.familyName,
        }
      : { kind: 'iq', className: r.className, iq: r.iq, iqLabel: 'IQ' };

  /** The call to action under the card, per test. */
  const ctaOf = (order: Order, locale: Locale) =>
    t(locale, order.exam_id === PERSONALITY_EXAM_ID ? 'personality-share:og.cta' : 'report:share.imageCta');

  return {
    async create(orderNumber: string, a: ReportAccess, showScore: boolean, hl: Locale): Promise<TShareLink> {
      const { order, session } = await access(orderNumber, a);
      // Never a link whose page could not be shown: a personality order's session must hold a type.
      if (order.exam_id === PERSONALITY_EXAM_ID) storedPersonalityResult(session);
      const row: ShareRow = {
        id: publicId(),
        order_number: order.order_number,
        show_score: showScore ? 1 : 0,
        locale: hl,
        created_at: d.clock.now(),
        revoked_at: null,
      };
      await d.shares.insert(row);
      return link(row, order.exam_id);
    },

    async list(orderNumber: string, a: ReportAccess) {
      const { order } = await access(orderNumber, a);
      const rows = await d.shares.listLive(order.order_number);
      return { links: rows.map((r) => link(r, order.exam_id)) };
    },

    async revoke(orderNumber: string, a: ReportAccess, shareId: string) {
      const { order } = await access(orderNumber, a);
      if (!(await d.shares.revoke(shareId, order.order_number, d.clock.now()))) throw new AppError('SHARE_NOT_FOUND');
      for (const key of images.keys()) if (key.startsWith(`${shareId}:`)) images.delete(key);
      return { revoked: true as const };
    },

    async result(shareId: string, locale: Locale): Promise<TSharedResult> {
      return present(await shared(shareId), locale);
    },

    /**
     * The PNG shown with the link on social networks: in the page's language (`hl`, as the page's head asks
     * for it), else the owner's; kept while the link lives.
     */
    async image(shareId: string, hl?: Locale): Promise<Buffer> {
      const s = await shared(shareId);
      const locale = hl ?? (s.row.locale as Locale) ?? 'en';
      const key = `${shareId}:${locale}`;
      const cached = images.get(key);
      if (cached) return cached;
      const r = await present(s, locale);
      const png = renderShareImage({
        locale,
        examName: r.examName,
        card: cardOf(r),
        cta: ctaOf(s.order, locale),
        host: new URL(d.publicUrl).host,
      });
      if (images.size > 500) images.clear();
      images.set(key, png);
      return png;
    },

    /** The shared page's Open Graph tags in the page's language, read by crawlers that run no script. */
    async headFor(shareId: string, locale: Locale): Promise<string> {
      try {
        const s = await shared(shareId);
        const r = await present(s, locale);
        const p = r.personality;
        const title = p
          ? `${r.examName}: ${t(locale, 'personality-share:og.title', { code: p.type, name: p.name })}`
          : r.iq === null
            ? `${r.examName}: ${r.className}`
            : `${r.examName}: IQ ${r.iq} · ${r.className}`;
        const description = p
          ? t(locale, 'personality-share:og.description', { family: p.familyName, portrait: p.portrait })
          : t(locale, 'report:share.imageCta');
        const url = link(s.row, s.order.exam_id).url;
        return [
          ['og:type', 'website'],
          ['og:title', title],
          ['og:description', description],
          ['og:url', url],
          ['og:image', r.imageUrl],
          ['og:image:width', '1200'],
          ['og:image:height', '630'],
          ['og:locale', locale.replace('-', '_')],
        ]
          .map(([p, c]) => `<meta property="${p}" content="${escapeHtml(c ?? '')}">`)
          .concat(`<meta name="twitter:card" content="summary_large_image">`)
          .join('');
      } catch {
        return '';
      }
    },
  };
}
export type ShareService = ReturnType<typeof shareService>;

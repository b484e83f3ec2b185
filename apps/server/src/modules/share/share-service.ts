import { type Locale, PERSONALITY_EXAM_ID, type TSharedResult, type TShareLink } from '@mindgauge/contract';
import { IQ_CLASSES } from '@mindgauge/psychometrics';
import { engineKey } from '../../i18n/translator';
import { AppError } from '../../lib/app-error';
import { publicId } from '../../lib/ids';
import { pageUrl } from '../../lib/page-url';
import type { Session as SessionRow } from '../exam/exam-orders';
import { type ReportAccess, reportAccessOf } from '../exam/report-access';
import { escapeHtml } from '../mail/escape-html';
import type { ReportDeps } from '../report/report-deps';
import { renderShareImage } from './og-image';
import type { ShareRepository, ShareRow } from './share-repository';

const iso = (ms: number) => new Date(ms).toISOString();

export interface ShareDeps extends ReportDeps {
  /** The API's base path, for the image's address. */
  apiBase: string;
  shares: ShareRepository;
}

/**
 * Share links: the owner of a paid report makes a link that shows the test and the class, and the score only
 * if they opt in; they can list and revoke their links. The shared page and its image show nothing else.
 */
export function shareService(d: ShareDeps) {
  const access = reportAccessOf(d);
  const images = new Map<string, Buffer>();

  const link = (row: ShareRow, examId: number): TShareLink => ({
    shareId: row.id,
    url: pageUrl(d.publicUrl, 'reportShare', examId, { id: row.id, hl: row.locale }),
    imageUrl: `${d.publicUrl}${d.apiBase}/exam/share/${row.id}/image.png`,
    showScore: row.show_score === 1,
    createdAt: iso(row.created_at),
  });

  /** A live share with what it may show; revoked or unknown links are 404. */
  async function shared(shareId: string) {
    const row = await d.shares.find(shareId);
    if (!row || row.revoked_at !== null) throw new AppError('SHARE_NOT_FOUND');
    const order = await d.exams.findOrder(row.order_number);
    const session = order ? await d.exams.findSession(order.session_id) : undefined;
    if (order?.status !== 'paid' || !session?.result) throw new AppError('SHARE_NOT_FOUND');
    // A share shows an IQ result; the personality profile has no share card yet (decision 0030).
    if (order.exam_id === PERSONALITY_EXAM_ID) throw new AppError('SHARE_NOT_FOUND');
    const summary = await d.examService.reportSummary(order, session as SessionRow & { result: string });
    return { row, order, summary };
  }

  function present(s: Awaited<ReturnType<typeof shared>>, locale: Locale): TSharedResult {
    const cls = IQ_CLASSES.find((c) => c.id === s.summary.classId);
    return {
      shareId: s.row.id,
      examName: d.translator.t(locale, 'pdf:meta.subject'),
      classId: s.summary.classId,
      className: d.translator.t(locale, engineKey(cls?.key ?? '')),
      iq: s.row.show_score === 1 ? s.summary.iq : null,
      bound: s.row.show_score === 1 ? s.summary.bound : null,
      takenAt: iso(s.order.created_at),
      imageUrl: link(s.row, s.order.exam_id).imageUrl,
    };
  }

  return {
    async create(orderNumber: string, a: ReportAccess, showScore: boolean, hl: Locale): Promise<TShareLink> {
      const { order } = await access(orderNumber, a);
      // Never a link whose page could not be shown: the personality profile has no share card yet.
      if (order.exam_id === PERSONALITY_EXAM_ID) throw new AppError('ORDER_NOT_FOUND');
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
      images.delete(shareId);
      return { revoked: true as const };
    },

    async result(shareId: string, locale: Locale): Promise<TSharedResult> {
      return present(await shared(shareId), locale);
    },

    /** The PNG shown with the link on social networks, in the owner's language (kept while the link lives). */
    async image(shareId: string): Promise<Buffer> {
      const s = await shared(shareId);
      const cached = images.get(shareId);
      if (cached) return cached;
      const locale = (s.row.locale as Locale) ?? 'en';
      const r = present(s, locale);
      const png = renderShareImage({
        locale,
        examName: r.examName,
        className: r.className,
        iq: r.iq,
        iqLabel: 'IQ',
        cta: d.translator.t(locale, 'report:share.imageCta'),
        host: new URL(d.publicUrl).host,
      });
      if (images.size > 500) images.clear();
      images.set(shareId, png);
      return png;
    },

    /** The shared page's Open Graph tags, read by crawlers that run no script. */
    async headFor(shareId: string): Promise<string> {
      try {
        const s = await shared(shareId);
        const locale = (s.row.locale as Locale) ?? 'en';
        const r = present(s, locale);
        const title = r.iq === null ? `${r.examName}: ${r.className}` : `${r.examName}: IQ ${r.iq} · ${r.className}`;
        const description = d.translator.t(locale, 'report:share.imageCta');
        const url = link(s.row, s.order.exam_id).url;
        return [
          ['og:type', 'website'],
          ['og:title', title],
          ['og:description', description],
          ['og:url', url],
          ['og:image', r.imageUrl],
          ['og:image:width', '1200'],
          ['og:image:height', '630'],
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

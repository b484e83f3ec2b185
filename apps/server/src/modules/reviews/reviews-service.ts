import type { Locale, TReview } from '@mindgauge/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ReportAccess } from '../exam/report-access';
import type { RateLimiter } from '../rate-limit/consume-rate-limit';
import type { ReviewRow, ReviewsRepository } from './reviews-repository';

export interface ReviewsDeps {
  repo: ReviewsRepository;
  /** The report's reader check (paid order, this browser or link): only a buyer writes a review. */
  requireReportAccess(
    orderNumber: string,
    access: ReportAccess,
  ): Promise<{ order: { order_number: string; exam_id: number }; session: { id: string; country: string | null } }>;
  /** The name the buyer gave on the "about you" form, if any. */
  profileName(sessionId: string): Promise<{ firstName: string; lastName: string } | null>;
  /** Rate limits (the rate-limit module's handle). */
  db: Kysely<Database>;
  /** Rate limits (the rate-limit module). */
  limits: RateLimiter;
  clock: Clock;
}

export interface ReviewInput {
  orderNumber: string;
  rating: number;
  content: string;
  hl: Locale;
}

/** A review checks a secret (the report's link or cookie): limited per client and per order. */
const PER_IP = { name: 'review:ip', max: 10, windowMs: 60 * 60_000 };
const PER_ORDER = { name: 'review:order', max: 5, windowMs: 60 * 60_000 };
const REPLY_MAX = 2000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Plain text only: control characters other than line breaks go; markup stays text (the web never renders HTML). */
export function cleanReviewText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\n]/gu, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The name shown on a buyer's review: first name and last initial ("Emma W."), or none. */
export function reviewerName(p: { firstName: string; lastName: string } | null): string {
  if (!p) return '';
  const last = [...p.lastName.trim()][0];
  return last ? `${p.firstName.trim()} ${last.toLocaleUpperCase()}.` : p.firstName.trim();
}

function moderationItem(r: ReviewRow): ModerationItem {
  return { ...present(r), status: r.status, orderNumber: r.order_number, locale: r.locale, examId: r.exam_id };
}

function present(r: ReviewRow): TReview {
  return {
    id: r.id,
    name: r.name,
    country: r.country,
    rating: r.rating,
    content: r.content,
    createdAt: iso(Number(r.created_at)),
    verifiedBuyer: r.order_number !== null,
    demo: r.demo === 1,
    reply: r.reply,
  };
}

/** An operator's view of a review (the console lists pending ones and acts on them). */
export interface ModerationItem extends TReview {
  status: ReviewRow['status'];
  orderNumber: string | null;
  locale: string;
  examId: number;
}

/**
 * Buyer reviews: written after a paid report, held for moderation, shown with the verified-buyer badge once
 * approved. The moderation functions are for the operator console (another module calls them; no public
 * route reaches them).
 */
export function reviewsService(d: ReviewsDeps) {
  async function requireReview(id: number): Promise<ReviewRow> {
    const r = await d.repo.find(id);
    if (!r) throw new AppError('NOT_FOUND');
    return r;
  }

  return {
    /** Approved reviews in a language, newest first, with their count and average. */
    async list(examId: number, locale: Locale) {
      const [rows, stats] = await Promise.all([
        d.repo.approved(examId, locale, 20),
        d.repo.approvedStats(examId, locale),
      ]);
      const n = Number(stats.n);
      return {
        reviews: rows.map(present),
        count: n,
        averageRating: n > 0 ? Math.round(Number(stats.avg) * 10) / 10 : null,
      };
    },

    /** A buyer's review of their paid order: one per order, pending until the operator approves it. */
    async submit(input: ReviewInput, access: ReportAccess, ip: string): Promise<{ status: ReviewRow['status'] }> {
      const now = d.clock.now();
      await d.limits.consume(PER_IP, ip, now);
      await d.limits.consume(PER_ORDER, input.orderNumber, now);
      const { order, session } = await d.requireReportAccess(input.orderNumber, access);
      const content = cleanReviewText(input.content);
      if ([...content].length < 10) {
        throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'body.content', message: 'too short' }] });
      }
      const inserted = await d.repo.insert({
        exam_id: order.exam_id,
        order_number: order.order_number,
        name: reviewerName(await d.profileName(session.id)),
        country: session.country,
        locale: input.hl,
        rating: input.rating,
        content,
        status: 'pending',
        demo: 0,
        created_at: now,
        reply: null,
        replied_at: null,
        moderated_at: null,
      });
      if (!inserted) throw new AppError('REVIEW_EXISTS');
      return { status: 'pending' };
    },

    /** Reviews waiting for moderation, oldest first. */
    async listPending(limit = 50): Promise<ModerationItem[]> {
      const rows = await d.repo.pending(Math.min(Math.max(limit, 1), 200));
      return rows.map(moderationItem);
    },
    /** One review as the operator sees it (before and after a moderation step). */
    async get(id: number): Promise<ModerationItem> {
      return moderationItem(await requireReview(id));
    },
    async approve(id: number): Promise<void> {
      await requireReview(id);
      await d.repo.setStatus(id, 'approved', d.clock.now());
    },
    async reject(id: number): Promise<void> {
      await requireReview(id);
      await d.repo.setStatus(id, 'rejected', d.clock.now());
    },
    /** The operator's public reply under a review; null takes it back. */
    async reply(id: number, text: string | null): Promise<void> {
      await requireReview(id);
      const clean = text === null ? null : cleanReviewText(text).slice(0, REPLY_MAX);
      await d.repo.setReply(id, clean || null, d.clock.now());
    },
    /** Deletes a buyer's review; a demo review is hidden instead (so the seed does not bring it back). */
    async remove(id: number): Promise<void> {
      const r = await requireReview(id);
      if (r.demo === 1) await d.repo.setStatus(id, 'rejected', d.clock.now());
      else await d.repo.remove(id);
    },
    /** Hides every seeded demo review at once; returns how many were visible. */
    removeDemo(): Promise<number> {
      return d.repo.hideDemo(d.clock.now());
    },
  };
}
export type ReviewsService = ReturnType<typeof reviewsService>;

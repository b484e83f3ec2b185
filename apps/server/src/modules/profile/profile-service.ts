import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ExamOrders } from '../exam/exam-orders';
import type { RateLimiter } from '../rate-limit/consume-rate-limit';
import type { ProfileRepository } from './profile-repository';

export interface ProfileDeps {
  profiles: ProfileRepository;
  exams: Pick<ExamOrders, 'findOrder' | 'findSession' | 'nameCertificate'>;
  /** The report's JSON names the certificate: forgotten when the name is set. */
  forgetReport(orderNumber: string): void;
  /** Rate limits (the rate-limit module's handle). */
  db: Kysely<Database>;
  /** Rate limits (the rate-limit module). */
  limits: RateLimiter;
  clock: Clock;
}

/** The test's cookie is a secret: attempts are limited per client and per order. */
const PER_IP = { name: 'profile:ip', max: 30, windowMs: 10 * 60_000 };
const PER_ORDER = { name: 'profile:order', max: 10, windowMs: 60 * 60_000 };

/** The form as the contract validated it (names trimmed, e-mail well formed, country upper-case). */
export interface ProfileInput {
  orderNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  birthYear?: number | undefined;
  gender?: 'male' | 'female' | 'confidential' | undefined;
  country?: string | undefined;
  normsConsent: boolean;
}

/** The name as printed on the certificate: the first and last name as the taker wrote them. */
export function certificateNameOf(p: { firstName: string; lastName: string }): string {
  return `${p.firstName} ${p.lastName}`.replace(/\s+/g, ' ').trim();
}

/**
 * The optional "about you" step after the result e-mail. The name goes on the certificate (the first one
 * given stays, as on the download screen). Birth year, gender and country are personal data kept only for
 * norms by age group and country: stored only when the taker ticked that consent, with its time.
 */
export function profileService(d: ProfileDeps) {
  return {
    /** Saves the form of an order's test; only the browser that took it (its session cookie) may. */
    async save(body: ProfileInput, who: { sessionId: string | undefined; ip: string }) {
      const now = d.clock.now();
      await d.limits.consume(PER_IP, who.ip, now);
      await d.limits.consume(PER_ORDER, body.orderNumber, now);
      const order = await d.exams.findOrder(body.orderNumber);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      if (who.sessionId === undefined || who.sessionId !== order.session_id) throw new AppError('ORDER_ACCESS_DENIED');
      const session = await d.exams.findSession(order.session_id);
      // An order is born when its test is scored; anything else is not a test with a result.
      if (session?.status !== 'scored') throw new AppError('NOT_CONFIRMED');
      const thisYear = new Date(now).getUTCFullYear();
      if (body.birthYear !== undefined && body.birthYear > thisYear) {
        throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'body.birthYear', message: 'in the future' }] });
      }
      const kept = body.normsConsent;
      await d.profiles.save({
        session_id: session.id,
        first_name: body.firstName,
        last_name: body.lastName,
        email: body.email,
        birth_year: kept ? (body.birthYear ?? null) : null,
        gender: kept ? (body.gender ?? null) : null,
        country: kept ? (body.country ?? null) : null,
        norms_consent: kept ? 1 : 0,
        consented_at: kept ? now : null,
        created_at: now,
        updated_at: now,
      });
      let certificateName = order.certificate_name;
      if (!certificateName) {
        await d.exams.nameCertificate(order.order_number, certificateNameOf(body), now);
        d.forgetReport(order.order_number);
        certificateName = (await d.exams.findOrder(order.order_number))?.certificate_name ?? null;
      }
      return { saved: true as const, keptForNorms: kept, certificateName };
    },

    /** The name the taker gave (a buyer's review shows "First L."), or null. */
    async nameOf(sessionId: string): Promise<{ firstName: string; lastName: string } | null> {
      const p = await d.profiles.find(sessionId);
      return p ? { firstName: p.first_name, lastName: p.last_name } : null;
    },

    /**
     * First-name initials of some sessions, for the recent-activity notices (nothing more leaves): only of
     * takers who ticked the consent, whose text says so.
     */
    async initials(sessionIds: readonly string[]): Promise<Map<string, string>> {
      const rows = await d.profiles.firstNames(sessionIds);
      const out = new Map<string, string>();
      for (const r of rows) {
        const initial = [...r.first_name.trim()][0];
        if (initial) out.set(r.session_id, initial.toLocaleUpperCase());
      }
      return out;
    },
  };
}
export type ProfileService = ReturnType<typeof profileService>;

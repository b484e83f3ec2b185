import { PERSONALITY_EXAM_ID } from '@mindgauge/contract';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { REPORT_LINK_PURPOSE, type SecretKeys, tokenExpiry, verifyToken } from '../../lib/signed-token';
import type { ExamRepository, OrderRow, SessionRow } from './exam-repository';
import { SESSION_COOKIE, sessionCookieOf } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether the request's signed-in account owns the order (set by the accounts module). */
    ownsOrder: ((orderNumber: string) => Promise<boolean>) | null;
  }
}

export interface ReportAccess {
  /** The visitor's test-session cookie. */
  sessionId?: string | undefined;
  /** The visitor's personality-questionnaire session cookie (each exam keeps its own, decision 0030). */
  personalitySessionId?: string | undefined;
  /** The token of an e-mailed report link. */
  token?: string | undefined;
  /** The signed-in account's claim: whether it owns the order. */
  ownsOrder?: ((orderNumber: string) => Promise<boolean>) | null | undefined;
}

/**
 * A request's claim to read reports: its test-session cookie, the e-mailed link's token it carries, and
 * its signed-in account.
 */
export function readerOf(
  req: { cookies: Record<string, string | undefined>; ownsOrder?: ReportAccess['ownsOrder'] },
  token: string | undefined,
): ReportAccess {
  return {
    sessionId: req.cookies[SESSION_COOKIE],
    personalitySessionId: req.cookies[sessionCookieOf(PERSONALITY_EXAM_ID)],
    token,
    ownsOrder: req.ownsOrder,
  };
}

/** Whether the request carries the session cookie of the test the order was made from (either exam's). */
export function holdsSession(access: ReportAccess, sessionId: string): boolean {
  return (
    (access.sessionId !== undefined && access.sessionId === sessionId) ||
    (access.personalitySessionId !== undefined && access.personalitySessionId === sessionId)
  );
}

/**
 * Tokens already verified, with their expiry: a report is read again and again with the same link, and an
 * HMAC per read was a large part of its cost. Bounded; a cleared entry is simply verified again.
 */
const verifiedBySecret = new Map<string, Map<string, number>>();
const VERIFIED_MAX = 10_000;

/** Whether this browser (its test session) or this link (its token, unexpired) may read the order's report. */
export function mayRead(
  d: { secret: SecretKeys; clock: Clock },
  order: { order_number: string; session_id: string },
  access: ReportAccess,
): boolean {
  if (holdsSession(access, order.session_id)) return true;
  if (access.token === undefined) return false;
  const now = d.clock.now();
  const secretKey = typeof d.secret === 'string' ? d.secret : d.secret.join('\n');
  let verified = verifiedBySecret.get(secretKey);
  if (!verified) {
    verified = new Map();
    verifiedBySecret.set(secretKey, verified);
  }
  const key = `${order.order_number}:${access.token}`;
  const until = verified.get(key);
  if (until !== undefined && now < until) return true;
  if (!verifyToken(d.secret, REPORT_LINK_PURPOSE, order.order_number, access.token, now)) return false;
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.set(key, tokenExpiry(access.token));
  return true;
}

/** Order and address pairs already recorded as proven by this process: a read is not a write each time. */
const provenHere = new Set<string>();

/**
 * A report read with an e-mailed link's token (not the test's cookie) proves the order's address: the link
 * was sent there. The member discount and VIP of other orders follow proven addresses only (issue 13).
 */
async function proveByLink(
  d: { repo: Pick<ExamRepository, 'proveEmail'>; clock: Clock },
  order: OrderRow,
  access: ReportAccess,
): Promise<void> {
  if (access.token === undefined || !order.email || holdsSession(access, order.session_id)) return;
  const key = `${order.order_number}\n${order.email}`;
  if (provenHere.has(key)) return;
  await d.repo.proveEmail(order.order_number, order.email, d.clock.now());
  if (provenHere.size >= VERIFIED_MAX) provenHere.clear();
  provenHere.add(key);
}

/** `mayRead`, or else the signed-in account that owns the order. */
export async function canRead(
  d: { secret: SecretKeys; clock: Clock },
  order: { order_number: string; session_id: string },
  access: ReportAccess,
): Promise<boolean> {
  if (mayRead(d, order, access)) return true;
  return access.ownsOrder ? access.ownsOrder(order.order_number) : false;
}

/**
 * Who may read a report: the browser that took the test (its session cookie), the holder of an e-mailed
 * link (its token, until it expires), or the signed-in account that owns the order. Unknown order: 404;
 * unpaid: 402; anyone else: 403.
 */
export async function requireReportAccess(
  d: { repo: Pick<ExamRepository, 'findOrder' | 'findSession' | 'proveEmail'>; secret: SecretKeys; clock: Clock },
  orderNumber: string,
  access: ReportAccess,
): Promise<{ order: OrderRow; session: SessionRow & { result: string } }> {
  const order = await d.repo.findOrder(orderNumber);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  if (order.status !== 'paid') throw new AppError('REPORT_LOCKED');
  if (!(await canRead(d, order, access))) throw new AppError('REPORT_ACCESS_DENIED');
  await proveByLink(d, order, access);
  const session = await d.repo.findSession(order.session_id);
  if (!session?.result) throw new AppError('REPORT_LOCKED');
  return { order, session: session as SessionRow & { result: string } };
}

/** `requireReportAccess` bound to the services built on a report (their `ReportDeps` name the parts so). */
export function reportAccessOf(d: {
  exams: Pick<ExamRepository, 'findOrder' | 'findSession' | 'proveEmail'>;
  reportLinkSecret: SecretKeys;
  clock: Clock;
}) {
  return (orderNumber: string, access: ReportAccess) =>
    requireReportAccess({ repo: d.exams, secret: d.reportLinkSecret, clock: d.clock }, orderNumber, access);
}

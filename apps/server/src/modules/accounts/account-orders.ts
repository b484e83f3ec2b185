import type { Locale, TAccountOrder } from '@mindgauge/contract';
import { DISCOUNT_SKU, MEMBER_PERCENT_OFF, VIP_PRIVILEGES } from '../extras/package-definitions';
import type { AccountDeps } from './account-deps';
import type { AccountRow } from './accounts-repository';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * What a signed-in account owns: the paid orders bought with its address once the address is proven, and
 * the tests taken in a browser while signed in (unfinished ones and unpaid orders too).
 */
export function accountOrders(d: AccountDeps) {
  async function vipOf(a: AccountRow) {
    return a.email_verified_at === null ? undefined : d.vip.active(a.email, d.clock.now());
  }

  async function paidByEmail(a: AccountRow) {
    return a.email_verified_at === null ? [] : d.exams.paidOrdersByEmail(a.email);
  }

  return {
    vipOf,

    /** Whether the account may read this order's report (the report's third way in, beside cookie and link). */
    async owns(a: AccountRow, orderNumber: string): Promise<boolean> {
      const order = await d.exams.findOrder(orderNumber);
      if (!order) return false;
      if (a.email_verified_at !== null && order.status === 'paid' && order.email === a.email) return true;
      return d.repo.ownsExamSession(a.id, order.session_id);
    },

    /** The test this browser is taking or took (its cookie) becomes the signed-in account's. */
    async claimBrowserSession(a: AccountRow, examSessionId: string | undefined): Promise<void> {
      if (!examSessionId || examSessionId.length > 64) return;
      if (!(await d.exams.findSession(examSessionId))) return;
      await d.repo.linkExamSession(examSessionId, a.id, d.clock.now());
    },

    /** The personal centre's list: completed, pending payment, and unfinished tests (resumable here). */
    async list(a: AccountRow, browserSessionId: string | undefined): Promise<TAccountOrder[]> {
      const now = d.clock.now();
      const claimed = await d.repo.examSessionsOf(a.id);
      const [paid, ofSessions] = await Promise.all([paidByEmail(a), d.exams.ordersOfSessions(claimed)]);
      const orders = new Map([...paid, ...ofSessions].map((o) => [o.order_number, o]));
      const sessionIds = new Set([...claimed, ...[...orders.values()].map((o) => o.session_id)]);
      const sessions = new Map((await d.exams.sessions([...sessionIds])).map((s) => [s.id, s]));
      const ordered = new Set([...orders.values()].map((o) => o.session_id));
      const out: TAccountOrder[] = [];
      for (const o of orders.values()) {
        if (o.status === 'refunded') continue;
        const s = sessions.get(o.session_id);
        out.push({
          status: o.status === 'paid' ? 'completed' : 'pendingPayment',
          examId: o.exam_id,
          orderNumber: o.order_number,
          startedAt: iso(s?.started_at ?? o.created_at),
          completedAt: o.paid_at === null ? null : iso(o.paid_at),
          skuId: o.sku_id,
          iq: o.status === 'paid' ? (s?.iq_score ?? null) : null,
          resumable: false,
        });
      }
      for (const id of claimed) {
        const s = sessions.get(id);
        if (!s || ordered.has(id) || (s.status !== 'active' && s.status !== 'confirmed')) continue;
        out.push({
          status: 'uncompleted',
          examId: s.exam_id,
          orderNumber: null,
          startedAt: iso(s.started_at),
          completedAt: null,
          skuId: null,
          iq: null,
          // Only the browser holding the test's cookie can go back to it, and only before its deadline.
          resumable: id === browserSessionId && (s.status === 'confirmed' || now <= s.deadline_at),
        });
      }
      return out.sort((x, y) => y.startedAt.localeCompare(x.startedAt));
    },

    /** The member discount applies to VIP members and to buyers of the Complete tier (for good). */
    async privileges(a: AccountRow): Promise<{ privileges: string[]; percentOff: number }> {
      const [vip, paid] = await Promise.all([vipOf(a), paidByEmail(a)]);
      const privileges: string[] = vip
        ? [...VIP_PRIVILEGES]
        : paid.some((o) => o.sku_id === DISCOUNT_SKU)
          ? ['discount']
          : [];
      return { privileges, percentOff: privileges.includes('discount') ? MEMBER_PERCENT_OFF : 0 };
    },

    async vipDetail(a: AccountRow, locale: Locale) {
      const [vip, p] = await Promise.all([vipOf(a), this.privileges(a)]);
      return {
        vip: vip !== undefined,
        since: vip ? iso(vip.since) : null,
        until: vip ? iso(vip.until) : null,
        percentOff: p.percentOff,
        privileges: p.privileges.map((id) => ({ id, name: d.translator.t(locale, `catalog:vipPrivileges.${id}`) })),
      };
    },

    /** Everything kept about the account, for the owner to download (GDPR articles 15 and 20). */
    async exportData(a: AccountRow, browserSessionId: string | undefined) {
      const [sessions, orders, vip] = await Promise.all([
        d.repo.sessionsOf(a.id),
        this.list(a, browserSessionId),
        a.email_verified_at === null ? [] : d.vip.membershipsOf(a.email),
      ]);
      return {
        exportedAt: iso(d.clock.now()),
        account: {
          id: a.id,
          email: a.email,
          emailVerifiedAt: a.email_verified_at === null ? null : iso(a.email_verified_at),
          name: a.name,
          nickname: a.nickname,
          phone: a.phone,
          birthday: a.birthday,
          gender: a.gender,
          language: a.locale,
          hasPassword: a.password_hash !== null,
          createdAt: iso(a.created_at),
          updatedAt: iso(a.updated_at),
        },
        signInSessions: sessions.map((s) => ({
          createdAt: iso(s.created_at),
          lastSeenAt: iso(s.last_seen_at),
          expiresAt: iso(s.expires_at),
        })),
        orders,
        vipMemberships: vip.map((v) => ({
          orderNumber: v.order_number,
          startsAt: iso(v.starts_at),
          endsAt: iso(v.ends_at),
        })),
      };
    },
  };
}
export type AccountOrders = ReturnType<typeof accountOrders>;

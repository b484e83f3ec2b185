import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The VIP membership of an address now (from the first running year to the last), or undefined. */
export async function activeVipOf(
  db: Kysely<Database>,
  email: string,
  now: number,
): Promise<{ since: number; until: number } | undefined> {
  const r = await db
    .selectFrom('vip_memberships')
    .select((eb) => [eb.fn.min('starts_at').as('since'), eb.fn.max('ends_at').as('until')])
    .where('email', '=', email)
    .where('ends_at', '>', now)
    .executeTakeFirst();
  return r?.until ? { since: Number(r.since), until: Number(r.until) } : undefined;
}

/** Every membership bought with an address (for the account's data export). */
export function vipMembershipsOf(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('vip_memberships')
    .select(['order_number', 'starts_at', 'ends_at', 'created_at'])
    .where('email', '=', email)
    .execute();
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { extrasRepository } from './extras-repository';

/** The extras module's answers about VIP memberships, for the accounts module (which owns no such table). */
export function vipStatus(db: Kysely<Database>) {
  const repo = extrasRepository(db);
  return {
    /** The (proven) address's running membership (from its first start to its last end), or undefined. */
    active: (email: string, now: number) => repo.activeVip(email, null, now),
    /** Every membership bought with the address. */
    membershipsOf: (email: string) => repo.vipMembershipsOf(email),
  };
}
export type VipStatus = ReturnType<typeof vipStatus>;

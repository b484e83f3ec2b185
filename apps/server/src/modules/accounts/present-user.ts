import type { TUser } from '@mindgauge/contract';
import type { AccountRow } from './accounts-repository';

/** The account as the API shows it (never its hash). */
export function presentUser(a: AccountRow, vip: boolean): TUser {
  return {
    id: a.id,
    email: a.email,
    name: a.name,
    nickname: a.nickname,
    phone: a.phone,
    birthday: a.birthday,
    gender: a.gender as TUser['gender'],
    hasPassword: a.password_hash !== null,
    vip,
    createdAt: new Date(a.created_at).toISOString(),
  };
}

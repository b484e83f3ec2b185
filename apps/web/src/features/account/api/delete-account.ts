import { deleteAccount } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

export const deleteMyAccount = (password: string | undefined) =>
  call(deleteAccount, { body: password ? { password } : {} });

import { resetPassword, updatePassword } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

export const changePassword = (newPassword: string, oldPassword?: string) =>
  call(updatePassword, { body: { newPassword, ...(oldPassword ? { oldPassword } : {}) } });

export const resetWithCode = (email: string, code: string, password: string) =>
  call(resetPassword, { body: { email, code, password } });

import { type Locale, sendEmailCode, type TCodePurpose, verifyEmailCode } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

export const sendCode = (email: string, purpose: TCodePurpose, hl: Locale) =>
  call(sendEmailCode, { query: { email, purpose, hl } });

export const verifyCode = (email: string, code: string, purpose: TCodePurpose) =>
  call(verifyEmailCode, { body: { email, code, purpose } });

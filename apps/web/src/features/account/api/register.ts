import { type Locale, register } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

export const registerAccount = (body: { name: string; email: string; password: string; hl: Locale }) =>
  call(register, { body: { ...body, agreement: true } });

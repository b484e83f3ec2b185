import { defineEndpoint } from '../endpoint';
import { ZEmail, ZLanguageTag } from '../fields';
import { z } from '../zod';

const tags = ['report'];

export const retrieveReports = defineEndpoint({
  id: 'retrieveReports',
  method: 'POST',
  base: 'pay',
  path: '/exam/order/report/retrieve',
  summary:
    'E-mails links to every paid report of an address (rate limited per address and per client); none: code 10101',
  tags,
  body: z.object({ email: ZEmail, hl: ZLanguageTag }),
  response: z.object({ sent: z.literal(true), count: z.int() }),
});

import { z } from 'zod';
import { LIMITS } from '../constants';
import { defineEndpoint } from '../endpoint';
import { ZEmail, ZLanguageTag } from '../fields';
import { ZIdParam } from '../scope';

export const ZSupportTopic = z.enum(['test', 'report', 'billing', 'subscription', 'privacy', 'other']);
export type TSupportTopic = z.infer<typeof ZSupportTopic>;

export const ZSupportRequest = z.object({
  name: z.string().trim().min(1, { message: 'Please input name' }).max(LIMITS.nameMax),
  email: ZEmail,
  topic: ZSupportTopic,
  message: z.string().trim().min(LIMITS.supportMessageMin).max(LIMITS.supportMessageMax),
  orderNumber: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional(),
  examId: ZIdParam,
  hl: ZLanguageTag,
});
export type TSupportRequest = z.input<typeof ZSupportRequest>;

export const supportContact = defineEndpoint({
  id: 'supportContact',
  method: 'POST',
  base: 'api',
  path: '/app/support/contact',
  summary: 'Send a message to support; the visitor receives an acknowledgement e-mail',
  tags: ['support'],
  body: ZSupportRequest,
  response: z.object({ ticketId: z.string().describe('Reference quoted in the acknowledgement e-mail') }),
});

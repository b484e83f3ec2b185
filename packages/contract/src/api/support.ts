import { LIMITS } from '../constants';
import { defineEndpoint } from '../endpoint';
import { ZEmail, ZLanguageTag } from '../fields';
import { ZIdParam } from '../scope';
import { describe, z } from '../zod';

export const ZSupportTopic = z.enum(['test', 'report', 'billing', 'subscription', 'privacy', 'other']);
export type TSupportTopic = z.infer<typeof ZSupportTopic>;

export const ZSupportRequest = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Please input name'), z.maxLength(LIMITS.nameMax)),
  email: ZEmail,
  topic: ZSupportTopic,
  message: z.string().check(z.trim(), z.minLength(LIMITS.supportMessageMin), z.maxLength(LIMITS.supportMessageMax)),
  orderNumber: z.optional(z.string().check(z.trim(), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]*$/))),
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
  response: z.object({ ticketId: describe(z.string(), 'Reference quoted in the acknowledgement e-mail') }),
});

import { defineEndpoint } from '../endpoint';
import { ZIsoDateTime, ZLanguageTag } from '../fields';
import { describe, z } from '../zod';
import { ZOrderNumber, ZReportToken } from './exam';

const tags = ['report'];

export const fileDownInfo = defineEndpoint({
  id: 'fileDownInfo',
  method: 'POST',
  base: 'api',
  path: '/exam/order/file/down/info',
  summary:
    "A paid order's PDF (application/pdf): the 21-page report, or the certificate (its name asked once). At the tier bought",
  tags,
  body: z.object({
    orderNumber: ZOrderNumber,
    kind: z.enum(['report', 'certificate']),
    /** The name printed on the certificate; only the first one given is kept. */
    name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(80))),
    token: ZReportToken,
  }),
  response: describe(z.string(), 'The PDF file (application/pdf), saved by the web app as {orderNumber}.pdf'),
});

export const ZCertificateFacts = z.object({
  serial: z.string(),
  name: z.nullable(z.string()),
  iq: describe(z.nullable(z.int()), 'Null when the result is below the range the test measures'),
  rangeLow: z.nullable(z.int()),
  rangeHigh: z.nullable(z.int()),
  bound: describe(z.nullable(z.int()), 'Below the range: the IQ the result is under'),
  classId: z.string(),
  className: z.string(),
  takenAt: ZIsoDateTime,
  issuedAt: ZIsoDateTime,
});
export type TCertificateFacts = z.infer<typeof ZCertificateFacts>;

export const certificateVerify = defineEndpoint({
  id: 'certificateVerify',
  method: 'GET',
  base: 'api',
  path: '/exam/certificate/:serial',
  summary: "A certificate's facts, for its verification page (anyone holding the serial)",
  tags,
  params: z.object({ serial: z.string().check(z.maxLength(60)) }),
  query: z.object({ hl: z.optional(ZLanguageTag) }),
  response: ZCertificateFacts,
});

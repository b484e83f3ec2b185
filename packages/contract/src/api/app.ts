import { LIMITS } from '../constants';
import { defineEndpoint } from '../endpoint';
import { ZIsoDate, ZIsoDateTime, ZLanguageTag, ZLocale } from '../fields';
import { REGIONS } from '../locale';
import { ZExamIdParam, ZIdParam } from '../scope';
import { describe, z } from '../zod';

const tags = ['app'];

/** Optional `hl` query on endpoints whose path has no language: falls back to the `language` header. */
const ZOptionalHl = z.object({ hl: z.optional(ZLanguageTag) });
const str = (max: number, description: string) => describe(z.optional(z.string().check(z.maxLength(max))), description);

// ---------- page views and log ids ----------

export const ZViewQuery = z.object({
  dl: str(LIMITS.urlMax, 'Document location: the page URL'),
  av: str(32, 'App version'),
  hl: z.optional(ZLanguageTag),
  id: str(64, 'Visitor uid, when known'),
  eid: describe(z.optional(ZIdParam), 'Exam id'),
  aeid: describe(z.optional(ZIdParam), 'App exam id'),
});

export const appView = defineEndpoint({
  id: 'appView',
  method: 'GET',
  base: 'api',
  path: '/app/v2/view',
  summary: 'Record a page view',
  tags,
  query: ZViewQuery,
  response: z.object({ recorded: z.boolean() }),
});

export const ZLogid = describe(z.string().check(z.regex(/^[a-f0-9]{32}$/)), 'Log id: 128 random bits, hex');

export const generateLogid = defineEndpoint({
  id: 'generateLogid',
  method: 'POST',
  base: 'api',
  path: '/app/v2/generate/logid',
  summary: 'Issue a log id for a visit (ad de-duplication and support)',
  tags,
  body: z.object({ appExamId: ZIdParam }),
  response: z.object({ logid: ZLogid }),
});

// ---------- languages ----------

export const ZLanguage = z.object({
  hl: ZLocale,
  name: describe(z.string(), "The language's own name"),
  region: z.enum(REGIONS),
});
export type TLanguage = z.infer<typeof ZLanguage>;

export const languageList = defineEndpoint({
  id: 'languageList',
  method: 'GET',
  base: 'api',
  path: '/app/language/list/:examId',
  summary: 'Languages an exam is offered in',
  tags,
  params: z.object({ examId: ZExamIdParam }),
  response: z.array(ZLanguage),
});

// ---------- protocols (terms of service, privacy policy) ----------

export const ZProtocolKind = z.enum(['terms', 'privacy']);
export type TProtocolKind = z.infer<typeof ZProtocolKind>;

export const ZProtocolSummary = z.object({
  id: z.int(),
  kind: ZProtocolKind,
  title: z.string(),
  version: z.string(),
  effectiveDate: ZIsoDate,
});
export type TProtocolSummary = z.infer<typeof ZProtocolSummary>;

export const ZProtocolDetail = z.extend(ZProtocolSummary, {
  examId: z.int(),
  hl: ZLocale,
  body: describe(z.string(), 'Light markdown: ## headings, paragraphs, - lists, **bold**, [links](/path)'),
});
export type TProtocolDetail = z.infer<typeof ZProtocolDetail>;

const examAndHl = z.object({ examId: ZExamIdParam, hl: ZLanguageTag });

export const protocolList = defineEndpoint({
  id: 'protocolList',
  method: 'GET',
  base: 'api',
  path: '/app/protocol/list/:examId/:hl',
  summary: 'Legal documents of an exam in a language',
  tags,
  params: examAndHl,
  response: z.array(ZProtocolSummary),
});

export const privacyAndAgreement = defineEndpoint({
  id: 'privacyAndAgreement',
  method: 'GET',
  base: 'api',
  path: '/app/protocol/getPrivacyAndAgreement/:examId/:hl',
  summary: 'The terms and the privacy policy to link from consent checkboxes',
  tags,
  params: examAndHl,
  response: z.object({ terms: ZProtocolSummary, privacy: ZProtocolSummary }),
});

export const protocolInfo = defineEndpoint({
  id: 'protocolInfo',
  method: 'GET',
  base: 'api',
  path: '/app/protocol/info/:id',
  summary: 'One legal document, in the request language',
  tags,
  params: z.object({ id: ZIdParam }),
  query: ZOptionalHl,
  response: ZProtocolDetail,
});

// ---------- help centre ----------

export const ZHelpSectionKey = z.enum(['subscription', 'billing', 'legal', 'contact']);
export type THelpSectionKey = z.infer<typeof ZHelpSectionKey>;

export const ZHelpArticleSummary = z.object({
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
});

export const ZHelpList = z.object({
  sections: z.array(z.object({ key: ZHelpSectionKey, title: z.string(), articles: z.array(ZHelpArticleSummary) })),
});
export type THelpList = z.infer<typeof ZHelpList>;

export const ZHelpArticle = z.extend(ZHelpArticleSummary, {
  section: ZHelpSectionKey,
  sectionTitle: z.string(),
  hl: ZLocale,
  body: describe(z.string(), 'Light markdown, as for protocols'),
  updatedAt: ZIsoDateTime,
  related: z.array(z.object({ id: z.int(), title: z.string() })),
});
export type THelpArticle = z.infer<typeof ZHelpArticle>;

export const helpList = defineEndpoint({
  id: 'helpList',
  method: 'GET',
  base: 'api',
  path: '/app/help/list/:examId/:hl',
  summary: 'Help centre sections and articles',
  tags,
  params: examAndHl,
  response: ZHelpList,
});

export const helpInfo = defineEndpoint({
  id: 'helpInfo',
  method: 'GET',
  base: 'api',
  path: '/app/help/info/:id',
  summary: 'One help article, in the request language',
  tags,
  params: z.object({ id: ZIdParam }),
  query: ZOptionalHl,
  response: ZHelpArticle,
});

// ---------- exams and categories ----------

export const ZExamKind = z.enum(['iq', 'personality']);
export type TExamKind = z.infer<typeof ZExamKind>;

export const ZExamSummary = z.object({
  id: z.int(),
  code: z.string(),
  kind: ZExamKind,
  name: z.string(),
  tagline: z.string(),
  questionCount: z.int(),
  optionCount: z.int(),
  parts: z.int(),
  timeLimitSeconds: z.int(),
});
export type TExamSummary = z.infer<typeof ZExamSummary>;

export const ZIqClass = z.object({
  id: z.string(),
  name: z.string(),
  min: describe(z.nullable(z.int()), 'Lowest IQ of the class; null for the lowest class'),
  max: describe(z.nullable(z.int()), 'First IQ above the class; null for the highest class'),
  share: describe(z.number(), 'Share of the population (normal distribution, mean 100, SD 15), 0..1'),
});
export type TIqClass = z.infer<typeof ZIqClass>;

export const ZExamDetail = z.extend(ZExamSummary, {
  description: z.string(),
  languages: z.array(ZLocale),
  classes: describe(z.array(ZIqClass), "The engine's IQ classification (empty for exams without an IQ)"),
});
export type TExamDetail = z.infer<typeof ZExamDetail>;

export const ZExamCategory = z.object({
  id: z.int(),
  key: z.string(),
  name: z.string(),
  exams: z.array(ZExamSummary),
});
export type TExamCategory = z.infer<typeof ZExamCategory>;

export const categoryList = defineEndpoint({
  id: 'categoryList',
  method: 'GET',
  base: 'api',
  path: '/exam/category/list',
  summary: 'Exam categories with their exams',
  tags: ['exam'],
  query: ZOptionalHl,
  response: z.array(ZExamCategory),
});

export const examInfo = defineEndpoint({
  id: 'examInfo',
  method: 'GET',
  base: 'api',
  path: '/exam/info/:id',
  summary: 'One exam',
  tags: ['exam'],
  params: z.object({ id: ZExamIdParam }),
  query: ZOptionalHl,
  response: ZExamDetail,
});

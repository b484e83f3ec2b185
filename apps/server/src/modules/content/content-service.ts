import {
  isLocale,
  LOCALE_NATIVE_NAMES,
  type Locale,
  regionForLanguage,
  type TExamCategory,
  type TExamDetail,
  type TExamSummary,
  type THelpArticle,
  type THelpList,
  type TLanguage,
  type TProtocolDetail,
  type TProtocolSummary,
} from '@mindgauge/contract';
import { IQ_CLASSES, populationShare } from '@mindgauge/psychometrics';
import type { Database } from '../../db/schema';
import { engineKey, type Translator } from '../../i18n/translator';
import { AppError } from '../../lib/app-error';
import type { TtlCache } from '../../lib/ttl-cache';
import { type ContentRepository, preferLocale } from './content-repository';
import { HELP_SECTIONS } from './seed-definitions';

type ExamRow = Pick<
  Database['exams'],
  'id' | 'code' | 'kind' | 'question_count' | 'option_count' | 'parts' | 'time_limit_seconds'
>;

/**
 * Catalogue content: exams, languages, legal documents, help articles. It changes only when seeded, so reads
 * go through a short-lived cache (see ttl-cache.ts); responses are built from the cached rows.
 */
export function contentService(repo: ContentRepository, translator: Translator, cache: TtlCache) {
  const examSummary = (e: ExamRow, hl: Locale): TExamSummary => ({
    id: e.id,
    code: e.code,
    kind: e.kind,
    name: translator.t(hl, `content:exam.${e.kind}.name`),
    tagline: translator.t(hl, `content:exam.${e.kind}.tagline`),
    questionCount: e.question_count,
    optionCount: e.option_count,
    parts: e.parts,
    timeLimitSeconds: e.time_limit_seconds,
  });

  const cached = {
    exam: (id: number) => cache.get(`exam:${id}`, () => repo.findExam(id)),
    languages: (id: number) => cache.get(`langs:${id}`, () => repo.listExamLanguages(id)),
    protocols: (id: number, hl: Locale) => cache.get(`protocols:${id}:${hl}`, () => repo.listProtocols(id, hl)),
    protocol: (id: number, hl: Locale) => cache.get(`protocol:${id}:${hl}`, () => repo.findProtocol(id, hl)),
    help: (id: number, hl: Locale) => cache.get(`help:${id}:${hl}`, () => repo.listHelpArticles(id, hl)),
    article: (id: number, hl: Locale) => cache.get(`article:${id}:${hl}`, () => repo.findHelpArticle(id, hl)),
    categories: () => cache.get('categories', () => repo.listCategoriesWithExams()),
  };

  async function requireExam(id: number) {
    const exam = await cached.exam(id);
    if (!exam) throw new AppError('EXAM_NOT_FOUND');
    return exam;
  }

  return {
    requireExam,

    async languages(examId: number): Promise<TLanguage[]> {
      await requireExam(examId);
      const rows = await cached.languages(examId);
      return rows
        .map((r) => r.hl)
        .filter(isLocale)
        .map((hl) => ({ hl, name: LOCALE_NATIVE_NAMES[hl], region: regionForLanguage(hl) }));
    },

    async protocols(examId: number, hl: Locale): Promise<TProtocolSummary[]> {
      await requireExam(examId);
      return preferLocale(await cached.protocols(examId, hl), hl).map((p) => ({
        id: p.id,
        kind: p.kind,
        title: p.title,
        version: p.version,
        effectiveDate: p.effective_date,
      }));
    },

    async privacyAndAgreement(examId: number, hl: Locale) {
      const list = await this.protocols(examId, hl);
      const terms = list.find((p) => p.kind === 'terms');
      const privacy = list.find((p) => p.kind === 'privacy');
      if (!terms || !privacy) throw new AppError('PROTOCOL_NOT_FOUND');
      return { terms, privacy };
    },

    async protocol(id: number, hl: Locale): Promise<TProtocolDetail> {
      const [p] = preferLocale(await cached.protocol(id, hl), hl);
      if (!p) throw new AppError('PROTOCOL_NOT_FOUND');
      return {
        id: p.id,
        kind: p.kind,
        examId: p.exam_id,
        hl: isLocale(p.hl) ? p.hl : 'en',
        title: p.title,
        version: p.version,
        effectiveDate: p.effective_date,
        body: p.body,
      };
    },

    async helpList(examId: number, hl: Locale): Promise<THelpList> {
      await requireExam(examId);
      const articles = preferLocale(await cached.help(examId, hl), hl);
      return {
        sections: HELP_SECTIONS.map((key) => ({
          key,
          title: translator.t(hl, `common:help.sections.${key}`),
          articles: articles
            .filter((a) => a.section === key)
            .map((a) => ({ id: a.id, slug: a.slug, title: a.title, summary: a.summary })),
        })).filter((s) => s.articles.length > 0),
      };
    },

    async helpArticle(id: number, hl: Locale): Promise<THelpArticle> {
      const [a] = preferLocale(await cached.article(id, hl), hl);
      if (!a) throw new AppError('ARTICLE_NOT_FOUND');
      const section = HELP_SECTIONS.find((s) => s === a.section) ?? 'contact';
      const siblings = preferLocale(await cached.help(a.exam_id, hl), hl);
      return {
        id: a.id,
        slug: a.slug,
        section,
        sectionTitle: translator.t(hl, `common:help.sections.${section}`),
        hl: isLocale(a.hl) ? a.hl : 'en',
        title: a.title,
        summary: a.summary,
        body: a.body,
        updatedAt: new Date(a.updated_at).toISOString(),
        related: siblings
          .filter((s) => s.section === a.section && s.id !== a.id)
          .map((s) => ({ id: s.id, title: s.title })),
      };
    },

    // The answers below are built from cached rows and static texts: each is kept for a language as long as
    // its rows (every landing asks for its exam, every home page for the categories; building them cost about
    // 0.1 ms a request: translations, the classes' population shares). Never changed after they are built.
    categories(hl: Locale): Promise<TExamCategory[]> {
      return cache.get(`categories-answer:${hl}`, () => buildCategories(hl));
    },

    exam(id: number, hl: Locale): Promise<TExamDetail> {
      return cache.get(`exam-answer:${id}:${hl}`, () => buildExam(id, hl));
    },
  };

  async function buildCategories(hl: Locale): Promise<TExamCategory[]> {
    const rows = await cached.categories();
    const out: TExamCategory[] = [];
    for (const r of rows) {
      let cat = out.find((c) => c.id === r.category_id);
      if (!cat) {
        cat = {
          id: r.category_id,
          key: r.category_key,
          name: translator.t(hl, `content:category.${r.category_key}`),
          exams: [],
        };
        out.push(cat);
      }
      cat.exams.push(examSummary(r, hl));
    }
    return out;
  }

  async function buildExam(id: number, hl: Locale): Promise<TExamDetail> {
    const exam = await requireExam(id);
    const languages = (await cached.languages(id)).map((r) => r.hl).filter(isLocale);
    return {
      ...examSummary(exam, hl),
      description: translator.t(hl, `content:exam.${exam.kind}.description`),
      languages,
      classes:
        exam.kind === 'iq'
          ? IQ_CLASSES.map((c) => ({
              id: c.id,
              name: translator.t(hl, engineKey(c.key)),
              min: c.min,
              max: c.max,
              share: Math.round(populationShare(c) * 10_000) / 10_000,
            }))
          : [],
    };
  }
}
export type ContentService = ReturnType<typeof contentService>;

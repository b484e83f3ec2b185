import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Every SQL statement of exams, languages, protocols and help articles. */
export function contentRepository(db: Kysely<Database>) {
  /** Protocols with their text in `hl` and in English (the fallback): one row per language found. */
  const protocolsIn = (hl: string) =>
    db
      .selectFrom('protocols')
      .innerJoin('protocol_translations as t', 't.protocol_id', 'protocols.id')
      .select([
        'protocols.id',
        'protocols.exam_id',
        'protocols.kind',
        'protocols.version',
        'protocols.effective_date',
        't.hl',
        't.title',
      ])
      .where('t.hl', 'in', [hl, 'en']);

  return {
    findExam(id: number) {
      return db.selectFrom('exams').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst();
    },
    listCategoriesWithExams() {
      return db
        .selectFrom('exams')
        .innerJoin('exam_categories', 'exam_categories.id', 'exams.category_id')
        .select([
          'exam_categories.id as category_id',
          'exam_categories.key as category_key',
          'exams.id',
          'exams.code',
          'exams.kind',
          'exams.question_count',
          'exams.option_count',
          'exams.parts',
          'exams.time_limit_seconds',
        ])
        .where('exams.active', '=', 1)
        .orderBy('exam_categories.sort')
        .orderBy('exams.sort')
        .execute();
    },
    listExamLanguages(examId: number) {
      return db.selectFrom('exam_languages').select('hl').where('exam_id', '=', examId).orderBy('sort').execute();
    },
    /** Protocols of an exam with their text in `hl` and in English (the fallback). */
    listProtocols(examId: number, hl: string) {
      return protocolsIn(hl).where('protocols.exam_id', '=', examId).orderBy('protocols.kind', 'desc').execute();
    },
    findProtocol(id: number, hl: string) {
      return protocolsIn(hl).select('t.body').where('protocols.id', '=', id).execute();
    },
    listHelpArticles(examId: number, hl: string) {
      return db
        .selectFrom('help_articles as a')
        .innerJoin('help_article_translations as t', 't.article_id', 'a.id')
        .select(['a.id', 'a.slug', 'a.section', 'a.sort', 'a.exam_id', 't.hl', 't.title', 't.summary'])
        .where('a.exam_id', '=', examId)
        .where('t.hl', 'in', [hl, 'en'])
        .orderBy('a.sort')
        .execute();
    },
    findHelpArticle(id: number, hl: string) {
      return db
        .selectFrom('help_articles as a')
        .innerJoin('help_article_translations as t', 't.article_id', 'a.id')
        .select(['a.id', 'a.slug', 'a.section', 'a.exam_id', 'a.updated_at', 't.hl', 't.title', 't.summary', 't.body'])
        .where('a.id', '=', id)
        .where('t.hl', 'in', [hl, 'en'])
        .execute();
    },
  };
}
export type ContentRepository = ReturnType<typeof contentRepository>;

/** Of rows holding a text in the wanted language and in English, keeps one per id: the wanted one. */
export function preferLocale<T extends { id: number; hl: string }>(rows: T[], hl: string): T[] {
  const byId = new Map<number, T>();
  for (const row of rows) {
    const seen = byId.get(row.id);
    if (!seen || (seen.hl !== hl && row.hl === hl)) byId.set(row.id, row);
  }
  return rows.filter((r) => byId.get(r.id) === r);
}

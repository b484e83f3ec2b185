import { LOCALES } from '@mindgauge/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Translator } from '../../i18n/translator';
import {
  SEED_CATEGORIES,
  SEED_EXAM_LANGUAGES,
  SEED_EXAMS,
  SEED_HELP_ARTICLES,
  SEED_PROTOCOLS,
} from './seed-definitions';

/**
 * Brings the seeded content (exams, legal documents, help centre) up to date with the locale files.
 * Idempotent: safe at every start and on every instance; rows are matched on their natural keys.
 */
export async function seedContent(db: Kysely<Database>, translator: Translator, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const c of SEED_CATEGORIES) {
      await trx
        .insertInto('exam_categories')
        .values(c)
        .onConflict((oc) => oc.column('id').doUpdateSet({ key: c.key, sort: c.sort }))
        .execute();
    }
    for (const e of SEED_EXAMS) {
      const { id, ...rest } = e;
      await trx
        .insertInto('exams')
        .values(e)
        .onConflict((oc) => oc.column('id').doUpdateSet(rest))
        .execute();
    }
    for (const l of SEED_EXAM_LANGUAGES) {
      await trx
        .insertInto('exam_languages')
        .values(l)
        .onConflict((oc) => oc.columns(['exam_id', 'hl']).doUpdateSet({ sort: l.sort }))
        .execute();
    }

    for (const exam of SEED_EXAMS) {
      for (const p of SEED_PROTOCOLS) {
        const row = await trx
          .insertInto('protocols')
          .values({ exam_id: exam.id, kind: p.kind, version: p.version, effective_date: p.effective_date })
          .onConflict((oc) =>
            oc.columns(['exam_id', 'kind']).doUpdateSet({ version: p.version, effective_date: p.effective_date }),
          )
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const hl of LOCALES) {
          const title = translator.t(hl, `legal:${p.kind}.title`);
          const body = translator.t(hl, `legal:${p.kind}.body`);
          await trx
            .insertInto('protocol_translations')
            .values({ protocol_id: row.id, hl, title, body, updated_at: now })
            .onConflict((oc) => oc.columns(['protocol_id', 'hl']).doUpdateSet({ title, body }))
            .execute();
        }
      }

      for (const [sort, a] of SEED_HELP_ARTICLES.entries()) {
        const row = await trx
          .insertInto('help_articles')
          .values({ exam_id: exam.id, section: a.section, slug: a.slug, sort, updated_at: now })
          .onConflict((oc) => oc.columns(['exam_id', 'slug']).doUpdateSet({ section: a.section, sort }))
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const hl of LOCALES) {
          const text = (field: string) => translator.t(hl, `help:articles.${a.slug}.${field}`);
          const values = { title: text('title'), summary: text('summary'), body: text('body') };
          await trx
            .insertInto('help_article_translations')
            .values({ article_id: row.id, hl, ...values })
            .onConflict((oc) => oc.columns(['article_id', 'hl']).doUpdateSet(values))
            .execute();
        }
      }
    }
  });
}

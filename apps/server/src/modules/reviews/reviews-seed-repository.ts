import { DEFAULT_EXAM_ID, LOCALES } from '@mindgauge/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Translator } from '../../i18n/translator';
import { DEMO_REVIEWS } from './review-definitions';

/** Seeds the demo reviews once (marked demo): never again once any demo row exists, even a removed one. */
export async function seedReviews(db: Kysely<Database>, translator: Translator, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const seeded = await trx
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('demo', '=', 1)
      .executeTakeFirstOrThrow();
    if (Number(seeded.n) > 0) return;
    await trx
      .insertInto('reviews')
      .values(
        LOCALES.flatMap((locale) =>
          DEMO_REVIEWS.map((r, i) => ({
            exam_id: DEFAULT_EXAM_ID,
            order_number: null,
            name: r.name,
            country: r.country,
            locale,
            rating: r.rating,
            content: translator.t(locale, `catalog:demoReviews.${r.key}`),
            status: 'approved' as const,
            demo: 1,
            created_at: now - (i + 1) * 86_400_000,
            reply: null,
            replied_at: null,
            moderated_at: null,
          })),
        ),
      )
      .execute();
  });
}

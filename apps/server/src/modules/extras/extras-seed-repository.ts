import { DEFAULT_EXAM_ID } from '@mindgauge/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { COUNTRY_CURRENCY } from '../checkout/catalog-definitions';
import { PACKAGE_DEFINITIONS, seededPrice } from './package-definitions';

/** Seeds the extras' prices for every country with a price table; only absent rows, so edits survive. */
export async function seedPackages(db: Kysely<Database>): Promise<void> {
  const rows = Object.entries(COUNTRY_CURRENCY).flatMap(([country, currency]) =>
    PACKAGE_DEFINITIONS.map((p) => ({
      exam_id: DEFAULT_EXAM_ID,
      package_id: p.packageId,
      country,
      currency,
      amount_minor: seededPrice(p.usd, currency),
    })),
  );
  await db
    .insertInto('package_prices')
    .values(rows)
    .onConflict((oc) => oc.columns(['exam_id', 'package_id', 'country']).doNothing())
    .execute();
}

import { buildApp } from '../app';
import { parseEnv } from '../config/env';
import { openDatabase } from '../db/database';

/** The OpenAPI document as the server generates it from the contract's schemas. */
export async function generateOpenApi(): Promise<string> {
  const db = openDatabase('sqlite::memory:');
  const { app } = await buildApp({ env: parseEnv({ SERVE_WEB: 'false', LOG_LEVEL: 'silent' }), db, logger: false });
  await app.ready();
  const doc = app.swagger();
  await app.close();
  await db.close();
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export const OPENAPI_PATH = new URL('../../../../packages/contract/openapi.json', import.meta.url);

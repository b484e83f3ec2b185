import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '@mindgauge/contract';

/** Folder holding one sub-folder per locale, each with one JSON file per namespace. */
export const LOCALES_DIR = path.dirname(fileURLToPath(import.meta.url));

export type JsonTree = { [key: string]: string | JsonTree };

/** Reads every namespace of every locale (server side: e-mails, PDFs, seeded content, API texts). */
export function loadAllResources(): Record<Locale, Record<string, JsonTree>> {
  const out = {} as Record<Locale, Record<string, JsonTree>>;
  for (const locale of LOCALES) {
    const dir = path.join(LOCALES_DIR, locale);
    const namespaces: Record<string, JsonTree> = {};
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      if (!file.endsWith('.json')) continue;
      namespaces[file.slice(0, -5)] = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as JsonTree;
    }
    out[locale] = namespaces;
  }
  return out;
}

/** Flattens a namespace to `a.b.c` → string, for completeness checks. */
export function flatten(tree: JsonTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

import type { Locale } from '@mindgauge/contract';
import { loadAllResources } from '@mindgauge/locales/node';
import { PERSONALITY_ITEMS } from '@mindgauge/psychometrics';

type Tree = { [k: string]: string | Tree };
const resources = loadAllResources();

/** A locale string by `namespace:a.b.c`, as the page shows it. */
export function text(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const [ns, path] = key.split(':') as [string, string];
  let node: string | Tree | undefined = resources[locale][ns];
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${locale} ${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(values[k] ?? ''));
}

/** A person leaning I, N, T and J, with some spread (choice 0 strongly disagree .. 4 strongly agree). */
export function intjChoice(index: number): number {
  const item = PERSONALITY_ITEMS[index] as (typeof PERSONALITY_ITEMS)[number];
  const lean: Record<string, number> = { EI: -1.5, SN: -1.2, TF: 1.4, JP: 1.1 };
  const wobble = [0, 1, -1, 0, 1, 0, -1, 1][index % 8] as number;
  return Math.min(4, Math.max(0, Math.round(2 + item.keying * (lean[item.axis] ?? 0) + wobble * 0.6)));
}

import { DEFAULT_LOCALE, LOCALES, type Locale } from '@mindgauge/contract';
import { type JsonTree, loadAllResources } from '@mindgauge/locales/node';
import i18next, { type TOptions } from 'i18next';

export interface Translator {
  t(locale: Locale, key: string, options?: TOptions): string;
  /** A whole namespace subtree, e.g. the help articles of a locale, for seeding. */
  tree(locale: Locale, namespace: string): JsonTree | undefined;
}

/** The engine names its texts `namespace.path` (e.g. lab.eq.scale.relationships); i18next reads `namespace:path`. */
export function engineKey(key: string): string {
  return key.replace('.', ':');
}

/**
 * One i18next instance for the server: e-mails, API texts and seeded content share the locale files. Built once
 * per process and shared by every app it builds (the server suites build hundreds): the files do not change
 * while it runs, and translating reads the instance without changing it (the language goes with each call).
 */
export function createTranslator(): Translator {
  shared ??= buildTranslator();
  return shared;
}
let shared: Translator | undefined;

function buildTranslator(): Translator {
  const resources = loadAllResources();
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: Object.keys(resources.en),
    defaultNS: 'common',
    // Escaping is the template's job: e-mail HTML escapes, plain text and JSON must not.
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return {
    t: (locale, key, options) => instance.t(key, { ...options, lng: locale }) as string,
    tree: (locale, namespace) => resources[locale]?.[namespace],
  };
}

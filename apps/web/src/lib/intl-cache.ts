/**
 * Intl formatters kept per locale and options: creating one loads the locale's data (a few milliseconds on a
 * phone), and a list or table re-rendered for every arriving answer created them again each time.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const regionNames = new Map<string, Intl.DisplayNames | null>();

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A region's name in the locale ("France", "フランス"), or its code when the browser has none. */
export function regionName(locale: string, code: string): string {
  if (!regionNames.has(locale)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames.set(locale, names);
  }
  try {
    return regionNames.get(locale)?.of(code) ?? code;
  } catch {
    return code;
  }
}

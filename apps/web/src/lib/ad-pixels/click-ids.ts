import { AD_CLICK_PARAMS, AD_PROVIDERS, type AdProvider } from '@mindgauge/contract';

/**
 * The providers whose click identifier is present (spec sections 3 and 5), in the kept query parameters
 * (this URL's, then those remembered from earlier pages). `pixel_id` with `click_id` counts for the
 * configured provider whose pixel id it names.
 */
export function providersWithClick(
  ids: Partial<Record<AdProvider, string>>,
  kept: Record<string, string>,
): AdProvider[] {
  return AD_PROVIDERS.filter((p) => {
    const id = ids[p];
    if (!id) return false;
    if (AD_CLICK_PARAMS[p].some((name) => Boolean(kept[name]))) return true;
    return Boolean(kept.click_id) && kept.pixel_id === id;
  });
}

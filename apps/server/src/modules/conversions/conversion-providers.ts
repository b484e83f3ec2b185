import type { Env } from '../../config/env';
import type { ConversionProvider } from './conversion-provider';
import { metaConversions } from './meta-conversions';
import { tiktokConversions } from './tiktok-conversions';

/** The providers whose conversion API the operator configured (token and pixel id); none by default. */
export function conversionProvidersOf(env: Env): ConversionProvider[] {
  const providers: ConversionProvider[] = [];
  if (env.CONVERSIONS_META_TOKEN && env.PIXEL_META_ID) {
    providers.push(
      metaConversions({
        pixelId: env.PIXEL_META_ID,
        token: env.CONVERSIONS_META_TOKEN,
        testCode: env.CONVERSIONS_META_TEST_CODE,
        origin: env.CONVERSIONS_API_ORIGIN,
      }),
    );
  }
  if (env.CONVERSIONS_TIKTOK_TOKEN && env.PIXEL_TIKTOK_ID) {
    providers.push(
      tiktokConversions({
        pixelCode: env.PIXEL_TIKTOK_ID,
        token: env.CONVERSIONS_TIKTOK_TOKEN,
        origin: env.CONVERSIONS_API_ORIGIN,
      }),
    );
  }
  return providers;
}

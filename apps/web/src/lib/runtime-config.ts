import * as z from 'zod/mini';

const ZRuntimeConfig = z.object({
  apiBase: z.string(),
  payBase: z.string(),
  publicUrl: z.string(),
  devMailbox: z.boolean(),
  /** Simulated parts a test deployment runs on purpose (the server's ALLOW_TEST_PAYMENTS, DEV_MAILBOX). */
  testMode: z._default(z.array(z.enum(['payments', 'mailbox'])), []),
});
export type RuntimeConfig = z.infer<typeof ZRuntimeConfig>;

const DEV_DEFAULTS: RuntimeConfig = {
  apiBase: '/api',
  payBase: '/api-pay',
  publicUrl: '',
  devMailbox: true,
  testMode: [],
};

/** The public subset of the server's configuration, served in a meta tag of index.html. */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const raw = doc.querySelector('meta[name="mindgauge-config"]')?.getAttribute('content');
  if (!raw) return DEV_DEFAULTS;
  const parsed = ZRuntimeConfig.safeParse(JSON.parse(raw));
  return parsed.success ? parsed.data : DEV_DEFAULTS;
}

export const runtimeConfig = readRuntimeConfig();

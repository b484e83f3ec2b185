import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { CspSources } from '../modules/tracking/pixel-config';

/** Origins a payment processor's browser part needs (Stripe's Payment Element); here and nowhere else. */
export interface ProcessorOrigins {
  stripe: boolean;
  /** The configured ad pixels' hosts (modules/tracking/pixel-config.ts); empty when none is configured. */
  pixels?: CspSources;
}

/**
 * A strict CSP: our own origin only, no inline script or style, nothing may frame us. Processors add only
 * what they need when they are configured: Stripe.js and its frames. PayPal is a full-page redirect (no
 * script of theirs runs here), and the sandbox processor is served from this origin in a sandboxed frame.
 * Ad pixels likewise add exactly their providers' hosts, and only when the operator configured them.
 */
export function helmetOptions(publicUrl: string, processors: ProcessorOrigins = { stripe: false }): HelmetOptions {
  const https = publicUrl.startsWith('https://');
  const stripe = processors.stripe;
  const px = processors.pixels ?? { script: [], connect: [], img: [], frame: [] };
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : []), ...px.script],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...px.img],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : []), ...px.connect],
        frameSrc: ["'self'", ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []), ...px.frame],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense once the site is served over HTTPS.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

/**
 * Runs helmet once at start-up to learn the headers it sets, then applies that fixed set to every response
 * with a single call: the same headers as helmet per request, without rebuilding the CSP each time.
 */
export function securityHeaders(publicUrl: string, processors?: ProcessorOrigins): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(publicUrl, processors))({} as never, res as never, () => {});
  headers['permissions-policy'] = 'camera=(), microphone=(), geolocation=(), payment=(self), usb=()';
  return headers;
}

/**
 * JSON responses never render or run anything, so instead of the page set they get the headers of the OWASP
 * REST Security Cheat Sheet: the strictest CSP (as GitHub's API sends), no sniffing, no framing, no
 * cross-origin reads, and no caching of answers that may carry personal data. Document-only headers (COOP,
 * Origin-Agent-Cluster, Permissions-Policy, legacy IE and Flash headers) would only cost bytes.
 */
export function apiSecurityHeaders(page: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
    ...(page['strict-transport-security'] ? { 'strict-transport-security': page['strict-transport-security'] } : {}),
  };
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  apiPrefixes: string[],
  processors?: ProcessorOrigins,
): void {
  const page = securityHeaders(publicUrl, processors);
  const api = apiSecurityHeaders(page);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(apiPrefixes.some((p) => req.url.startsWith(p)) ? api : page);
    done();
  });
}

/**
 * Pages where no ad pixel loads or fires and consent is never granted (the spec's "excluded path", whose
 * list it does not give). Ours, in one place, and why each:
 * - the payment frames (the sandbox processor's `/sandbox-processor/`; Stripe's are on Stripe's origin): card
 *   entry runs no third-party script. The payment page around them is not excluded: the spec fires
 *   initiate-checkout and add-payment-info there, and no card field lives in it;
 * - report, certificate, share and retrieval pages (`/report/`, `/certificate/`, `/retrieve`): their URLs
 *   carry signed tokens and order numbers, and a pixel sends the page URL to the provider;
 * - account and subscription-cancel pages (`/user/`, `/cancel/`): personal data and signed cancel links;
 * - legal and help pages (`/protocol/`, `/help`, `/helpDetail`, `/help-detail`, `/support`): a visitor
 *   reading the privacy policy or asking for help is not an ad conversion;
 * - the developer pages (`/dev/`).
 * The purchase event fires on the success page, which is not excluded; it carries no token in its URL.
 */
const EXCLUDED_PREFIXES = [
  '/sandbox-processor/',
  '/report/',
  '/certificate/',
  '/retrieve',
  '/user/',
  '/cancel/',
  '/protocol/',
  '/help/',
  '/helpDetail/',
  '/help-detail/',
  '/support/',
  '/dev/',
];

export function isExcludedPath(pathname: string): boolean {
  return EXCLUDED_PREFIXES.some((p) => pathname.startsWith(p));
}

import fs from 'node:fs';

/** The system Chromium (Debian's package), or CHROMIUM_PATH. Never a downloaded browser. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  return candidates.find((p) => fs.existsSync(p));
}

/**
 * The features playwright-core 1.65 disables by default (its `chromiumSwitches`). Chromium reads only the last
 * `--disable-features` on its command line, and Playwright puts the caller's arguments after its own, so a
 * caller that disables anything must repeat these. tools/chromium-args.test.ts fails when Playwright's list
 * grows.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium 156 opens a window per browser context, and each window preloads its address bar's popup
 * as two WebUI pages (chrome://omnibox-popup.top-chrome/), each in a renderer process of its own. A page under
 * test never shows them; they were about half of Chromium's CPU for a new context (measured: 10 contexts with
 * two navigations each, 18.4-18.9 s of CPU with them, 9.7-11.1 s without).
 */
const UNUSED_WINDOW_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/** Flags that keep headless Chromium off the network on a closed machine, and light. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_WINDOW_FEATURES].join(',')}`,
];

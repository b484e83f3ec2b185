/**
 * The browser runs React components on Preact's compatibility layer (decision 0036): React DOM alone was
 * 62 KB (gzip) of every first load, Preact with its compat layer is about 6 KB. Components keep importing
 * `react` and `react-dom`; the build and the web unit tests both resolve them here, so the tests run what
 * ships. Types still come from @types/react.
 */
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // React 18's shim (react-i18next): Preact has the hook itself.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

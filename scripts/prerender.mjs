#!/usr/bin/env node
// After the client build (apps/web's `npm run build`): writes the prerendered pages (decision 0035) into
// dist/prerendered/: one HTML file per page and language, made from dist/index.html with the page's markup
// in #root, its language, title, the app's stylesheet and (a landing) its identity's colours inline; and
// pages.json, which the server reads to know what it can send and which inline texts each page's CSP allows.
// The pages are rendered by the prerender bundle (`vite build --ssr src/app/prerender.tsx --outDir
// dist-ssr`). Usage: node prerender.mjs <dist> <prerender bundle>.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = path.resolve(process.argv[2] ?? 'dist');
const bundle = path.resolve(process.argv[3] ?? 'dist-ssr/prerender.js');
const {
  KEPT_QUERY_PARAMS,
  LOCALES,
  STORAGE_PREFIX,
  STORAGE_TTL_DAYS,
  VISIT_IDENTITY_KEY,
  identityOf,
  initServerI18n,
  prerenderedPaths,
  renderPage,
} = await import(pathToFileURL(bundle).href);

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** A file name for a path: `/landing_page/girl/IQB-1799` → `landing_page~girl~IQB-1799`. */
const fileOf = (pathname) => (pathname === '/' ? 'index' : pathname.slice(1).replaceAll('/', '~'));

const out = path.join(dist, 'prerendered');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

/** A CSP source allowing exactly this inline text (a `<script>` or `<style>` element's whole content). */
const cspHash = (text) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/**
 * The styles a prerendered page carries inline, each allowed by its hash (pages.json's styleHashes): the
 * app's stylesheet and a landing's colours. As files they were two requests the first paint waited for (on a
 * throttled phone about 170 ms and 320 ms more before the headline showed, Lighthouse's render-blocking
 * audit); inline, the page paints as soon as its HTML is in. The app's own links to the stylesheet are not
 * needed: the entry's CSS is this one file, and no chunk asks for it again.
 */
function inlineStyle(css) {
  if (css.includes('</style')) throw new Error('a stylesheet to inline holds "</style"');
  return { tag: `<style>${css}</style>`, hash: cspHash(css) };
}
/** Each page's inline styles by their hashes, so that a page's CSP allows its own and no other. */
const styleHashes = {};

/**
 * The entry's static imports in the order the browser evaluates them (each one's own imports first), from
 * the build's manifest, cut into stages of about STAGE_BYTES of code each.
 */
const STAGE_BYTES = 48 * 1024;
function entryStages() {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('manifest: no entry');
  const order = [];
  const visit = (key) => {
    for (const dep of manifest[key].imports ?? []) if (!order.includes(dep) && dep !== entryKey) visit(dep);
    if (!order.includes(key)) order.push(key);
  };
  visit(entryKey);
  order.pop();
  // A chunk that imports the entry would run the app early: none should (checked, not assumed).
  for (const key of order)
    if ((manifest[key].imports ?? []).includes(entryKey)) throw new Error(`${key} imports the entry`);
  const stages = [];
  let stage = [];
  let bytes = 0;
  for (const key of order) {
    stage.push(`/${manifest[key].file}`);
    bytes += fs.statSync(path.join(dist, manifest[key].file)).size;
    if (bytes >= STAGE_BYTES) {
      stages.push(stage);
      stage = [];
      bytes = 0;
    }
  }
  if (stage.length) stages.push(stage);
  return stages;
}

/**
 * The app's entry script starts after the prerendered page's first contentful paint: this inline script
 * (allowed by its hash, as the one below) waits for the document to be parsed and for that paint (a first
 * frame may show only the background), then imports the entry from a task queued by the next frame's
 * requestAnimationFrame, so neither its download nor its evaluation holds back the first paint; the module
 * preloads go from the page too (they would compete with the first paint) and are added only then. A tab
 * opened in the background, which runs no frame, starts it after a second.
 *
 * Inline, not a file: a module script of its own was one more request before the first frame, and when the
 * page's first frame came after it (Chromium paints a fast-loading page after its load event), Lighthouse's
 * simulated phone counted the request's round trip and its script before the first paint: the test centre's
 * LCP went from about 1.0 s to 1.5-1.9 s in those runs.
 *
 * Evaluating the whole module graph at once was one task of about 170 ms on a phone-speed CPU (React, the
 * router, i18next, the contract's schemas): the page could not answer a tap meanwhile. The entry's
 * dependencies are imported first in stages, in the order the browser would evaluate them anyway, with a
 * turn of the event loop between stages; then the entry itself, whose dependencies are then evaluated.
 */
function bootScript(entry, stages) {
  return `(()=>{const entry = ${JSON.stringify(entry)};
const stages = ${JSON.stringify(stages)};
let started = false;
const start = async () => {
  if (started) return;
  started = true;
  for (const href of [...stages.flat(), entry]) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  try {
    for (const stage of stages) {
      await Promise.all(stage.map((href) => import(href)));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } finally {
    import(entry);
  }
};
const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
const later = () => {
  setTimeout(start, 1000);
  if (!(PerformanceObserver.supportedEntryTypes ?? []).includes("paint")) return afterPaint();
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    afterPaint();
  }).observe({ type: "paint", buffered: true });
};
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", later, { once: true });
else later();
})();`;
}

/**
 * The click ids survive a click made before the app has hydrated (decision 0035). Until then the page's
 * links are plain HTML without the visitor's kept parameters (the app adds them, and the stored ones, once
 * hydrated); this inline script, run before the body is parsed, adds the current URL's kept parameters
 * (hl, logid, click ids: the contract's KEPT_QUERY_PARAMS, as the app's links do) to a same-origin link at
 * the moment it is followed. Inline, so no request stands between the paint and a click; the CSP allows
 * exactly this text by its hash (pages.json, read by the server). Once `<html data-hydrated>` is set the
 * app's router handles links and this does nothing.
 */
function keepQueryScript() {
  // First, a landing's identity (the JSON block `#visit-identity` just before this script) is stored as the
  // visit's, as the app's startVisitIdentity does once it runs: a visitor who follows a link before that keeps
  // the landing's theme and its attribution (visit-landing.ts) on the next page.
  const key = JSON.stringify(STORAGE_PREFIX + VISIT_IDENTITY_KEY);
  const identity = `try{const d=document.getElementById("visit-identity");if(d){const v=JSON.parse(d.textContent);sessionStorage.setItem(${key},JSON.stringify(v));localStorage.setItem(${key},JSON.stringify({v,e:Date.now()+${STORAGE_TTL_DAYS * 86_400_000}}));}}catch(e){}`;
  return `(()=>{${identity}const K=${JSON.stringify(KEPT_QUERY_PARAMS)};const f=(e)=>{if(document.documentElement.hasAttribute("data-hydrated"))return;const a=e.target instanceof Element?e.target.closest("a[href]"):null;if(!a||a.origin!==location.origin)return;const q=new URLSearchParams(location.search);const u=new URL(a.href);let n=0;for(const k of K){const v=q.get(k);if(v&&!u.searchParams.has(k)){u.searchParams.set(k,v.slice(0,200));n++;}}if(n)a.href=u.href;};addEventListener("click",f,true);addEventListener("auxclick",f,true);})();`;
}
const keepQuery = keepQueryScript();
const keepQueryHash = cspHash(keepQuery);

const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const entry = entryTag.exec(shell)?.[1];
if (!entry) throw new Error('index.html: no entry module script');
const boot = bootScript(entry, entryStages());
const bootHash = cspHash(boot);
const stylesheetTag = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;
const stylesheet = stylesheetTag.exec(shell)?.[1];
if (!stylesheet) throw new Error('index.html: no stylesheet link');
const appStyle = inlineStyle(fs.readFileSync(path.join(dist, stylesheet), 'utf8'));
const template = shell
  .replace(entryTag, () => `<script>${boot}</script>`)
  .replace(stylesheetTag, () => appStyle.tag)
  .replace('<title>', () => `<script>${keepQuery}</script>\n    <title>`)
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
const rootPattern = /<div id="root">[\s\S]*?<\/div>\s*(?=<noscript>)/;
if (!rootPattern.test(template)) throw new Error('index.html: no #root right before <noscript>');

await initServerI18n();
const paths = prerenderedPaths();
const pages = {};
for (const locale of LOCALES) {
  fs.mkdirSync(path.join(out, locale), { recursive: true });
  for (const pathname of paths) {
    const { html, title } = await renderPage(pathname, locale);
    const identity = identityOf(pathname);
    // `<html lang` first: the server sets the language of the request there (static-web.ts).
    let page = template
      .replace(
        /<html lang="[^"]*"/,
        `<html lang="${locale}" dir="ltr"${identity ? ` data-identity="${identity.variant}"` : ''}`,
      )
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace(rootPattern, () => `<div id="root" data-prerendered="${locale}">${html}</div>\n    `);
    const styles = [appStyle.hash];
    if (identity) {
      const colours = inlineStyle(identity.css);
      styles.push(colours.hash);
      // A data block (never run, so the CSP has nothing to allow) read by the inline script that follows it.
      const data = JSON.stringify(identity.snapshot).replace(/</g, '\\u003c');
      page = page
        .replace('<script>', () => `<script type="application/json" id="visit-identity">${data}</script>\n    <script>`)
        .replace(/<meta name="theme-color" content="[^"]*"/, `<meta name="theme-color" content="${identity.brand}"`)
        .replace('</head>', () => `${colours.tag}</head>`);
    }
    fs.writeFileSync(path.join(out, locale, `${fileOf(pathname)}.html`), page);
    pages[pathname] = fileOf(pathname);
    styleHashes[fileOf(pathname)] = styles;
  }
}
fs.writeFileSync(
  path.join(out, 'pages.json'),
  `${JSON.stringify({ locales: LOCALES, pages, scriptHashes: [keepQueryHash, bootHash], styleHashes }, null, 2)}\n`,
);
console.info(`prerendered ${paths.length} pages in ${LOCALES.length} languages`);

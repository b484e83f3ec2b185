import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app's features are islands (bulletproof-react, shared/design/conventions.md): a feature imports only
 * itself and the shared code (components, lib, i18n, api, app); it never imports another feature, and shared code
 * never imports a feature. Screens made of several features are composed in app/ (app/routes). Imports flow
 * shared -> features -> app/routes, so a feature can be moved or deleted without touching its neighbours.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_SRC = path.join(ROOT, 'apps/web/src');

/** Which island a file belongs to: `feature:<name>`, `compose` (app/, main.tsx) or `shared` (everything else). */
function zoneOf(srcRelative: string): string {
  const parts = srcRelative.split(/[\\/]/);
  if (parts[0] === 'features' && parts.length > 2) return `feature:${parts[1]}`;
  if (parts[0] === 'app' || srcRelative === 'main.tsx') return 'compose';
  return 'shared';
}

/** The import specifiers of a source text: static imports, re-exports and dynamic `import()`. */
function importSpecifiers(source: string): string[] {
  return [...source.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
}

/** The boundary a file (path relative to apps/web/src) crosses by importing `spec`, or null when it may. */
function crossing(fromFile: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec));
  if (target.startsWith('..')) return null;
  const from = zoneOf(fromFile);
  const to = zoneOf(target.includes('/') ? target : `${target}.ts`);
  if (!to.startsWith('feature:') || from === 'compose' || from === to) return null;
  return from === 'shared' ? `shared code imports ${to}` : `${from} imports ${to}`;
}

function webSourceFiles(): string[] {
  return fs
    .readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => f.split(path.sep).join('/'));
}

describe('web features are islands', () => {
  it('no feature imports another feature, and shared code imports no feature', () => {
    const bad = webSourceFiles().flatMap((file) =>
      importSpecifiers(fs.readFileSync(path.join(WEB_SRC, file), 'utf8'))
        .map((spec) => ({ spec, why: crossing(file, spec) }))
        .filter((c) => c.why !== null)
        .map((c) => `${file} imports ${c.spec} (${c.why})`),
    );
    expect(bad).toEqual([]);
  });

  it('the detector catches what it must and lets the rest through', () => {
    const src = `import { a } from '../exams/api/get-exams';\nexport { b } from './own';\nconst c = import('../../features/x/y');`;
    expect(importSpecifiers(src)).toEqual(['../exams/api/get-exams', './own', '../../features/x/y']);
    // Cross-feature, in both spellings of the path.
    expect(crossing('features/test/landing-route.tsx', '../exams/api/get-exams')).toBe(
      'feature:test imports feature:exams',
    );
    expect(crossing('features/test/components/a.tsx', '../../../features/legal/x')).toBe(
      'feature:test imports feature:legal',
    );
    // Shared code reaching into a feature.
    expect(crossing('components/language-switcher.tsx', '../features/exams/api/get-languages')).toBe(
      'shared code imports feature:exams',
    );
    expect(crossing('lib/x.ts', '../features/a/b')).toBe('shared code imports feature:a');
    // Allowed: own feature, shared code, app composing features, packages.
    expect(crossing('features/test/question-route.tsx', './components/countdown')).toBeNull();
    expect(crossing('features/test/components/countdown.tsx', '../progress')).toBeNull();
    expect(crossing('features/test/question-route.tsx', '../../components/field')).toBeNull();
    expect(crossing('features/test/question-route.tsx', '../../app/paths')).toBeNull();
    expect(crossing('app/routes/test-routes.tsx', '../../features/test/question-route')).toBeNull();
    expect(crossing('main.tsx', './features/tracking/track-visit')).toBeNull();
    expect(crossing('features/test/question-route.tsx', '@mindgauge/contract')).toBeNull();
  });
});

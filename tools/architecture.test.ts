import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of docs/architecture (shared/design/architecture.md): the web app never imports the
 * server or the engine; the contract depends on zod only; the engine depends on nothing and does no I/O.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f) && !f.includes('node_modules') && !f.includes('dist'))
    .map((f) => path.join(abs, f));
}

function imports(file: string): string[] {
  const src = fs.readFileSync(file, 'utf8');
  return [...src.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
}

function violations(dir: string, allowed: (spec: string, file: string) => boolean, includeTests = false): string[] {
  return sourceFiles(dir)
    .filter((f) => includeTests || !/\.test\.tsx?$/.test(f))
    .flatMap((f) =>
      imports(f)
        .filter((spec) => !allowed(spec, f))
        .map((spec) => `${path.relative(ROOT, f)} imports ${spec}`),
    );
}

const relative = (spec: string) => spec.startsWith('.');
const withoutComments = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('import boundaries', () => {
  it('web imports only the contract, the locales and browser libraries', () => {
    const bad = violations(
      'apps/web/src',
      (spec, file) => {
        if (relative(spec)) return !path.resolve(path.dirname(file), spec).includes(`${path.sep}apps${path.sep}server`);
        if (spec.startsWith('@mindgauge/')) return spec === '@mindgauge/contract' || spec === '@mindgauge/locales';
        return !spec.startsWith('node:');
      },
      true,
    );
    expect(bad).toEqual([]);
  });

  it('the contract depends on zod only', () => {
    expect(
      violations('packages/contract/src', (spec) => relative(spec) || spec === 'zod' || spec.startsWith('zod/')),
    ).toEqual([]);
  });

  it('the engine depends on nothing: no packages, no Node built-ins', () => {
    expect(violations('packages/psychometrics/src', (spec) => relative(spec))).toEqual([]);
  });

  it('the engine uses no clock and no global randomness', () => {
    const offenders = sourceFiles('packages/psychometrics/src')
      .filter((f) => !/\.test\.ts$/.test(f))
      .filter((f) =>
        /Math\.random|Date\.now|new Date\(|performance\.now/.test(withoutComments(fs.readFileSync(f, 'utf8'))),
      )
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });

  it('the server reads process.env in config/env.ts only, and SQL stays in repositories and migrations', () => {
    const envReaders = sourceFiles('apps/server/src')
      .filter((f) => !/\.test\.ts$/.test(f) && fs.readFileSync(f, 'utf8').includes('process.env'))
      .map((f) => path.relative(ROOT, f));
    expect(envReaders).toEqual(['apps/server/src/config/env.ts']);
    const routeFiles = sourceFiles('apps/server/src').filter(
      (f) => /routes?\.ts$/.test(f) && !f.includes('dev-mailbox'),
    );
    const sqlInRoutes = routeFiles.filter((f) =>
      /\.(selectFrom|insertInto|updateTable|deleteFrom)\(/.test(fs.readFileSync(f, 'utf8')),
    );
    expect(sqlInRoutes.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});

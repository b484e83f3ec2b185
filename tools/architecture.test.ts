import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  crossModuleRepositoryImports,
  moduleCycles,
  moduleGraph,
  rawHandlesInRateLimits,
  type SourceFile,
  sqlOutsideRepositories,
} from './server-layers';

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

  it('the server reads process.env in config/env.ts only, and no route file holds SQL', () => {
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

/** The server's files as the layer detectors read them (repository-relative paths, forward slashes). */
function serverFiles(): SourceFile[] {
  return sourceFiles('apps/server/src').map((f) => ({
    path: path.relative(ROOT, f).split(path.sep).join('/'),
    source: fs.readFileSync(f, 'utf8'),
  }));
}

const fake = (entries: Record<string, string>): SourceFile[] =>
  Object.entries(entries).map(([p, source]) => ({ path: `apps/server/src/${p}`, source }));

describe('server layers (decision 0016)', () => {
  it('SQL lives only in repositories (and db/: the handle, migrations, the transaction helper)', () => {
    expect(sqlOutsideRepositories(serverFiles())).toEqual([]);
  });

  it('a module imports no other module’s repository (it asks the owner: exam-orders, subscription-changes…)', () => {
    expect(crossModuleRepositoryImports(serverFiles())).toEqual([]);
  });

  it('server modules import each other without cycles (the paid transition announces instead, decision 0017)', () => {
    expect(moduleCycles(moduleGraph(serverFiles()))).toEqual([]);
  });

  it('rate limits reach their table through their repository only: no raw database handle in the limiter', () => {
    expect(rawHandlesInRateLimits(serverFiles())).toEqual([]);
  });

  describe('each detector fires on a broken fake tree', () => {
    it('finds SQL in a service, a query builder call or a sql template alike, and spares repositories and db/', () => {
      const files = fake({
        'modules/a/a-service.ts': "await db.selectFrom('t').selectAll().execute();",
        'modules/b/b-service.ts': 'await sql`select 1`.execute(db);',
        'modules/c/c-service.ts': '// db.selectFrom( mentioned in a comment only',
        'modules/a/a-repository.ts': "db.insertInto('t')",
        'db/ping.ts': 'sql`select 1`',
        'db/migrations/0001-x.ts': "db.schema; db.deleteFrom('t')",
        'modules/a/a-service.test.ts': "db.insertInto('t')",
      });
      expect(sqlOutsideRepositories(files)).toEqual([
        'apps/server/src/modules/a/a-service.ts',
        'apps/server/src/modules/b/b-service.ts',
      ]);
    });

    it('finds an import of another module’s repository, not of its own or of another module’s service', () => {
      const files = fake({
        'modules/a/a-service.ts': [
          "import type { BRow } from '../b/b-repository';",
          "import { aRepository } from './a-repository';",
          "import { bService } from '../b/b-service';",
        ].join('\n'),
        'modules/c/deep/c-thing.ts': "import { x } from '../../a/a-repository';",
      });
      expect(crossModuleRepositoryImports(files)).toEqual([
        'apps/server/src/modules/a/a-service.ts imports apps/server/src/modules/b/b-repository',
        'apps/server/src/modules/c/deep/c-thing.ts imports apps/server/src/modules/a/a-repository',
      ]);
    });

    it('finds a raw handle in the rate-limit code (import or type), and spares its repository and tests', () => {
      const files = fake({
        'modules/rate-limit/consume-rate-limit.ts': "import type { Kysely } from 'kysely';",
        'modules/rate-limit/rate-budget.ts': "import type { Database } from '../../db/schema';",
        'modules/rate-limit/limiter.ts': 'export function limit(db: Kysely<Database>) {}',
        'modules/rate-limit/ok.ts': "import type { RateLimitRepository } from './rate-limit-repository'; // Kysely<x>",
        'modules/rate-limit/rate-limit-repository.ts': "import { type Kysely, sql } from 'kysely';",
        'modules/rate-limit/limiter.test.ts': "import { Kysely } from 'kysely';",
        'modules/mail/mail-budget.ts': "import type { Kysely } from 'kysely';",
      });
      expect(rawHandlesInRateLimits(files)).toEqual([
        'apps/server/src/modules/rate-limit/consume-rate-limit.ts',
        'apps/server/src/modules/rate-limit/rate-budget.ts',
        'apps/server/src/modules/rate-limit/limiter.ts',
      ]);
    });

    it('finds a cycle of two and of three modules, and no cycle in a chain', () => {
      const files = fake({
        'modules/a/a.ts': "import { b } from '../b/b';",
        'modules/b/b.ts': "import { a } from '../a/a';",
        'modules/c/c.ts': "import { d } from '../d/d';",
        'modules/d/d.ts': "import { e } from '../e/e';",
        'modules/e/e.ts': "import { c } from '../c/c'; import { x } from '../../lib/x';",
        'modules/f/f.ts': "import { a } from '../a/a';",
        'modules/a/a.test.ts': "import { f } from '../f/f';",
      });
      expect(moduleCycles(moduleGraph(files))).toEqual([
        ['a', 'b'],
        ['c', 'd', 'e'],
      ]);
    });
  });
});

/**
 * Detectors for the server's layers (decision 0016), pure over a list of files so that each can be shown to
 * fire on a fake list as well as pass on the real tree.
 */
export interface SourceFile {
  /** Repository-relative path with forward slashes, e.g. `apps/server/src/modules/exam/exam-service.ts`. */
  path: string;
  source: string;
}

const SERVER = 'apps/server/src/';
const MODULES = `${SERVER}modules/`;

export const stripComments = (src: string) =>
  src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Every module specifier a file imports or re-exports (static and dynamic). */
export function importsOf(source: string): string[] {
  return [...source.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
}

/** Resolves a relative specifier against the importing file (no extension added). */
export function resolve(from: string, spec: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const seg of spec.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

/** The server module a path belongs to (`exam` for `apps/server/src/modules/exam/…`), if any. */
export function moduleOf(path: string): string | undefined {
  if (!path.startsWith(MODULES)) return undefined;
  const name = path.slice(MODULES.length).split('/')[0];
  // A file directly in modules/ (none today) belongs to no module.
  return name?.endsWith('.ts') ? undefined : name;
}

const isTest = (path: string) => /\.test\.ts$/.test(path);
const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`|\bsql</;

/**
 * Server files that hold SQL but are neither a repository (`*-repository.ts`) nor part of db/ (the handle,
 * migrations, the transaction helper). Tests are not product code and may seed rows directly.
 */
export function sqlOutsideRepositories(files: SourceFile[]): string[] {
  return files
    .filter((f) => f.path.startsWith(SERVER) && !isTest(f.path))
    .filter((f) => !f.path.startsWith(`${SERVER}db/`) && !/-repository\.ts$/.test(f.path))
    .filter((f) => SQL.test(stripComments(f.source)))
    .map((f) => f.path);
}

/** Relative imports of one server file, resolved, with the module each lands in. */
function moduleImports(f: SourceFile): { target: string; module: string | undefined }[] {
  return importsOf(f.source)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => {
      const target = resolve(f.path, spec);
      return { target, module: moduleOf(`${target}.ts`) };
    });
}

/** `file imports repository` for each module file importing another module's repository. */
export function crossModuleRepositoryImports(files: SourceFile[]): string[] {
  return files
    .filter((f) => moduleOf(f.path) !== undefined && !isTest(f.path))
    .flatMap((f) => {
      const own = moduleOf(f.path);
      return moduleImports(f)
        .filter((i) => i.module !== undefined && i.module !== own && /-repository$/.test(i.target))
        .map((i) => `${f.path} imports ${i.target}`);
    });
}

/** The module import graph: module -> the other modules its (non-test) files import. */
export function moduleGraph(files: SourceFile[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const f of files) {
    const own = moduleOf(f.path);
    if (own === undefined || isTest(f.path)) continue;
    const edges = graph.get(own) ?? new Set<string>();
    graph.set(own, edges);
    for (const i of moduleImports(f)) if (i.module !== undefined && i.module !== own) edges.add(i.module);
  }
  return graph;
}

/** Groups of modules that import each other (strongly connected components larger than one), sorted. */
export function moduleCycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, indices.get(w) ?? 0));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) visit(v);
  return out.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/**
 * Rate-limit code other than its repository that could take a raw database handle: an import of `kysely` or
 * of the database's schema or handle, or a `Kysely<…>` type. The limiter gets its repository, and the modules
 * that limit get the limiter (AppDeps.limits), never the handle.
 */
export function rawHandlesInRateLimits(files: SourceFile[]): string[] {
  return files
    .filter((f) => f.path.startsWith(`${MODULES}rate-limit/`) && !isTest(f.path) && !/-repository\.ts$/.test(f.path))
    .filter((f) => {
      const source = stripComments(f.source);
      const raw = importsOf(source).some((spec) => spec === 'kysely' || /\/db\/(schema|database)$/.test(spec));
      return raw || /\bKysely\s*</.test(source);
    })
    .map((f) => f.path);
}

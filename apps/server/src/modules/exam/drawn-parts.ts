import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Locale } from '@mindgauge/contract';
import type { Clock } from '../../lib/clock';
import { isRoutedFormVersion, joinJsonArrays, type StoredForm } from './exam-form';
import type { ExamRepository } from './exam-repository';

const compress = promisify(zlib.brotliCompress);
const decompress = promisify(zlib.brotliDecompress);

/** The route each part of a session was drawn after: '' for part 1, then each longer prefix of its route. */
function partRoutes(route: string): string[] {
  return Array.from({ length: route.length + 1 }, (_, i) => route.slice(0, i));
}

/**
 * The parts of routed test forms as drawn, kept in the database for every instance (migration 0025). The
 * instance that draws a part (part 1 from the pool at the start, each routed part after) keeps it; another
 * instance, or this one once its form cache has forgotten the form, reads the parts here and joins them
 * instead of drawing the whole form again on its worker: behind a load balancer without stickiness that was
 * most of the extra CPU of a second instance (issue 14). Compressed on zlib's thread pool, not the event loop.
 */
export function drawnPartStore(repo: Pick<ExamRepository, 'keepDrawnPart' | 'drawnParts'>, clock: Clock) {
  return {
    /**
     * Keeps the part a session's form version draws after `route` (its questions' JSON in `hl`). A part that
     * could not be kept is drawn again when another instance asks for it: a failed write of this cache never
     * fails the visitor's request (the session's own writes, on the same database, report a broken one).
     */
    async keep(session: { id: string; form_version: number }, route: string, hl: Locale, questions: Buffer) {
      try {
        const questions_br = await compress(questions, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: questions.length,
          },
        });
        await repo.keepDrawnPart({
          session_id: session.id,
          form_version: session.form_version,
          route,
          locale: hl,
          questions_br,
          created_at: clock.now(),
        });
      } catch {
        // Not kept: see above.
      }
    },
    /**
     * The questions a session has been given so far in `hl`, joined from its kept parts; undefined when one is
     * missing (drawn before this store, in another language, or purged) or cannot be read: the caller draws
     * the form then.
     */
    async questions(session: { id: string } & StoredForm, hl: Locale): Promise<Buffer | undefined> {
      if (!isRoutedFormVersion(session.form_version)) return undefined;
      const routes = partRoutes(session.route);
      try {
        const rows = await repo.drawnParts(session.id, hl, session.form_version, routes);
        if (rows.length !== routes.length) return undefined;
        const byRoute = new Map(rows.map((r) => [r.route, r.questions_br]));
        const parts = await Promise.all(routes.map((r) => decompress(byRoute.get(r) ?? Buffer.alloc(0))));
        return parts.reduce<Buffer>((joined, part) => joinJsonArrays(joined, part), Buffer.from('[]'));
      } catch {
        // A read that failed (or bytes that do not decompress) counts as not kept: the caller draws the form.
        return undefined;
      }
    },
  };
}
export type DrawnPartStore = ReturnType<typeof drawnPartStore>;

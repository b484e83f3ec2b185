/**
 * A pass of work run on an interval and on demand (`kick`), never two passes at once in this process: a kick
 * during a pass runs one more pass after it. Jobs claim their rows with guarded updates, so the same job on
 * several instances is safe.
 */
export function backgroundJob(
  name: string,
  pass: () => Promise<number>,
  intervalMs: number,
  log?: { error: (obj: object, msg: string) => void },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;

  function tick(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((err) => {
        log?.error({ err }, `${name} pass failed`);
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void tick();
        }
      });
    return running;
  }

  return {
    /** One pass now; resolves with what it did (a count). */
    runOnce: pass,
    /**
     * Run soon rather than at the next interval. A job that was not started does not run by itself (tests
     * drive its passes with runOnce): a kick there would race the test's own steps.
     */
    kick: () => {
      if (timer) void tick();
    },
    start() {
      if (!timer) timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
export type BackgroundJob = ReturnType<typeof backgroundJob>;

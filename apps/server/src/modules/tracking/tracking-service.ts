import { randomHex128 } from '../../lib/ids';
import type { TrackingRepository } from './tracking-repository';

export interface PageView {
  url?: string | undefined;
  appVersion?: string | undefined;
  hl?: string | undefined;
  uid?: string | undefined;
  examId?: number | undefined;
  appExamId?: number | undefined;
  logid?: string | undefined;
}

/** Page views and log ids: the platform's own counters, never invented numbers. */
export function trackingService(repo: TrackingRepository) {
  return {
    async recordView(view: PageView, now: number): Promise<void> {
      await repo.insertView({
        logid: view.logid ?? null,
        uid: view.uid ?? null,
        hl: view.hl ?? null,
        exam_id: view.examId ?? null,
        app_exam_id: view.appExamId ?? null,
        url: view.url ?? null,
        app_version: view.appVersion ?? null,
        created_at: now,
      });
    },
    async generateLogid(appExamId: number, now: number): Promise<string> {
      const logid = randomHex128();
      await repo.insertLogid(logid, appExamId, now);
      return logid;
    },
  };
}

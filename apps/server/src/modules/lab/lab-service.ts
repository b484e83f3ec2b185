import type { Locale, TLabResult, TLabTestId } from '@mindgauge/contract';
import {
  type LikertResponse,
  QUESTIONNAIRE_IDS,
  QUESTIONNAIRES,
  type QuestionnaireResult,
  scoreQuestionnaire,
} from '@mindgauge/psychometrics';
import { z } from 'zod';
import { parseJsonColumn } from '../../db/json-column';
import { AppError } from '../../lib/app-error';
import { type ReportAccess, reportAccessOf } from '../exam/report-access';
import type { ReportDeps } from '../report/report-deps';
import type { LabRepository, LabRow } from './lab-repository';

/**
 * `lab_results.result`: the engine's questionnaire result, checked on what the lab and the PDF read (the
 * engine's own type is kept for the rest).
 */
const ZScale = z.looseObject({
  scale: z.string(),
  key: z.string(),
  percent: z.number(),
  level: z.int(),
  levelKey: z.string(),
});
export const ZStoredLabResult = z.discriminatedUnion('valid', [
  z.looseObject({
    valid: z.literal(true),
    id: z.string(),
    scales: z.array(ZScale),
    overall: z.number(),
    profile: z.string(),
    profileKey: z.string(),
    profileTextKey: z.string(),
    measures: z.looseObject({}),
  }),
  z.looseObject({
    valid: z.literal(false),
    id: z.string(),
    flags: z.array(z.string()),
    measures: z.looseObject({}),
    messageKey: z.literal('lab.invalid'),
  }),
]);

/** What a lab result holds once scored: the engine's result and when it was taken. */
export interface LabRecord {
  testId: TLabTestId;
  takenAt: number;
  result: QuestionnaireResult;
}

/** The entitlement that opens the lab: the Premium tier and the advanced bundle carry it. */
export const LAB_ENTITLEMENT = 'brainTests';

/** Minutes a questionnaire takes, about 10 seconds a statement, rounded up. */
const minutesOf = (items: number) => Math.ceil((items * 10) / 60);

export function toLabResult(r: LabRecord): TLabResult {
  const res = r.result;
  return {
    testId: r.testId,
    takenAt: new Date(r.takenAt).toISOString(),
    valid: res.valid,
    profile: res.valid ? res.profile : null,
    overall: res.valid ? res.overall : null,
    scales: res.valid ? res.scales.map((s) => ({ scale: s.scale, percent: s.percent, level: s.level })) : [],
  };
}

/**
 * The psychology lab of a paid report: the left/right brain (thinking style) and EQ questionnaires, for the
 * report's readers when the tier bought includes them. Each keeps its latest result, which the PDF shows.
 */
export function labService(d: ReportDeps & { labs: LabRepository }) {
  const access = reportAccessOf(d);

  /** The order's lab results, by test (for the lab's screens and the PDF). */
  async function results(orderNumber: string): Promise<Partial<Record<TLabTestId, LabRecord>>> {
    const rows = await d.labs.listForOrder(orderNumber);
    const out: Partial<Record<TLabTestId, LabRecord>> = {};
    for (const row of rows) {
      const testId = row.test_id as TLabTestId;
      out[testId] = {
        testId,
        takenAt: row.taken_at,
        result: parseJsonColumn(ZStoredLabResult, 'lab_results.result', row.result) as unknown as QuestionnaireResult,
      };
    }
    return out;
  }

  return {
    results,

    async list(orderNumber: string, a: ReportAccess) {
      const { order } = await access(orderNumber, a);
      const included = (await d.exams.entitlements(order)).includes(LAB_ENTITLEMENT);
      const taken = included ? await results(order.order_number) : {};
      return {
        orderNumber: order.order_number,
        included,
        tests: QUESTIONNAIRE_IDS.map((testId) => {
          const r = taken[testId];
          const items = QUESTIONNAIRES[testId].items;
          return {
            testId,
            items: items.map((it) => it.id),
            minutes: minutesOf(items.length),
            result: r ? toLabResult(r) : null,
          };
        }),
      };
    },

    async submit(
      orderNumber: string,
      a: ReportAccess,
      testId: TLabTestId,
      answers: readonly LikertResponse[],
      hl: Locale,
    ): Promise<TLabResult> {
      const { order } = await access(orderNumber, a);
      if (!(await d.exams.entitlements(order)).includes(LAB_ENTITLEMENT)) throw new AppError('NOT_IN_TIER');
      // Missing, unknown or repeated statements make the engine throw: the error handler answers 400.
      const result = scoreQuestionnaire(testId, answers);
      const row: LabRow = {
        order_number: order.order_number,
        test_id: testId,
        answers: JSON.stringify(answers.map(({ itemId, value }) => ({ itemId, value }))),
        result: JSON.stringify(result),
        locale: hl,
        taken_at: d.clock.now(),
      };
      await d.labs.upsert(row);
      return toLabResult({ testId, takenAt: row.taken_at, result });
    },
  };
}

export type LabService = ReturnType<typeof labService>;

import { type Locale, PERSONALITY_EXAM_ID, parseSerial, type TLabTestId } from '@mindgauge/contract';
import { type Form, IQ_CLASSES, panelPaths } from '@mindgauge/psychometrics';
import { engineKey } from '../../i18n/translator';
import { AppError } from '../../lib/app-error';
import { newSerial } from '../../lib/ids';
import { pageUrl } from '../../lib/page-url';
import { formOfSession, type StoredForm } from '../exam/exam-form';
import type { Order as OrderRow, Session as SessionRow } from '../exam/exam-orders';
import { type ReportAccess, reportAccessOf } from '../exam/report-access';
import { LAB_ENTITLEMENT, type LabRecord } from '../lab/lab-service';
import { sentence } from '../report/answer-analysis';
import type { ReportDeps } from '../report/report-deps';
import type { PdfCache, PdfKeyParts } from './pdf-cache';
import { buildPersonalityDocument } from './personality-document';
import type { RenderPool } from './render-pool';
import {
  buildReportDocument,
  certificateFace,
  certificatePage,
  type ReportData,
  type ReportDocument,
  type ReportItem,
} from './report-document';

/**
 * Rendering a PDF is the costliest request there is (issue 13): each order may have a few rendered per
 * window, counted after its access is checked (so a stranger cannot spend the owner's budget), shared by
 * the report and the certificate, across instances.
 */
export const PDF_RULES = { name: 'pdf:order', max: 20, windowMs: 10 * 60_000 };

export type ReportFilesDeps = ReportDeps;

/** Where the PDF finds the psychology lab's results. */
export interface LabResults {
  results(orderNumber: string): Promise<Partial<Record<TLabTestId, LabRecord>>>;
}

/** Where PDFs are drawn (worker threads) and kept (decision 0027). */
export interface PdfRendering {
  pool: RenderPool;
  cache: PdfCache;
}

/**
 * The report's files: the 21-page PDF report and the certificate, for whoever may read the report and at the
 * tier bought, and the certificate's public verification. A file is rendered once per key (what it is drawn
 * from) off the event loop and kept; every download still counts against the order's budget.
 */
export function reportFiles(d: ReportFilesDeps, lab: LabResults, pdf: PdfRendering) {
  const access = reportAccessOf(d);

  const verifyUrl = (examId: number, serial: string) => pageUrl(d.publicUrl, 'certificate', examId, { serial });

  /** Issues the order's certificate once (its serial, and the name if given then); later calls read it. */
  async function issue(order: OrderRow, name: string | undefined): Promise<OrderRow> {
    const now = d.clock.now();
    if (!order.certificate_serial) {
      await d.exams.issueCertificate(order.order_number, newSerial(), now);
    }
    // The name is asked once: the first one given stays on the certificate.
    if (name && !order.certificate_name) {
      await d.exams.nameCertificate(order.order_number, name, now);
    }
    const fresh = await d.exams.findOrder(order.order_number);
    if (!fresh) throw new AppError('ORDER_NOT_FOUND');
    // The report's JSON names the certificate: built again on its next read.
    if (fresh.certificate_serial !== order.certificate_serial || fresh.certificate_name !== order.certificate_name) {
      d.examService.forgetReport(order.order_number);
    }
    return fresh;
  }

  /** Everything a file is drawn from, as its cache key. */
  const keyParts = (
    kind: PdfKeyParts['kind'],
    order: OrderRow,
    session: SessionRow,
    entitlements: string[],
    labTaken: unknown,
  ): PdfKeyParts => ({
    kind,
    orderNumber: order.order_number,
    entitlements,
    locale: order.locale ?? 'en',
    scoringVersion: session.scoring_version,
    certificate: {
      serial: order.certificate_serial,
      name: order.certificate_name,
      issuedAt: order.certificate_issued_at,
    },
    lab: labTaken,
  });

  async function data(
    order: OrderRow,
    session: SessionRow & { result: string },
    entitlements: string[],
    /** Where the form is drawn again (a render worker when the model is for a PDF). */
    drawForm: (s: StoredForm) => Promise<Form> = async (s) => formOfSession(s),
  ): Promise<ReportData> {
    const locale = (order.locale as Locale) ?? 'en';
    const summary = await d.examService.reportSummary(order, session);
    // The form drawn again from the session's seed (deterministic): the questions and their count.
    const form = await drawForm({ seed: session.seed, form_version: session.form_version, route: session.route });
    let items: ReportItem[] | null = null;
    if (entitlements.includes('answerAnalysis')) {
      const answers = new Map((await d.exams.listAnswers(session.id)).map((a) => [a.item_id, a.choice]));
      items = form.items.map((item, index) => {
        const choice = answers.get(item.id) ?? null;
        return {
          number: index + 1,
          correct: choice === item.answerIndex,
          choice,
          answerIndex: item.answerIndex,
          context: item.context.map((p) => panelPaths(item.layout, p)),
          options: item.options.map((p) => panelPaths(item.layout, p)),
          explanations: item.rules.map((r) => sentence(d.translator, locale, r.explanation)),
        };
      });
    }
    const labIncluded = entitlements.includes(LAB_ENTITLEMENT);
    const taken = labIncluded ? await lab.results(order.order_number) : {};
    return {
      locale,
      orderNumber: order.order_number,
      tierTitle: d.translator.t(locale, `catalog:skus.${order.sku_id ?? 'sku1'}.title`),
      takenAt: order.created_at,
      name: order.certificate_name,
      summary,
      questionCount: form.items.length,
      items,
      lab: { included: labIncluded, brain: taken.brain ?? null, eq: taken.eq ?? null },
      certificate:
        entitlements.includes('certificate') && order.certificate_serial
          ? {
              serial: order.certificate_serial,
              verifyUrl: verifyUrl(order.exam_id, order.certificate_serial),
              issuedAt: order.certificate_issued_at ?? d.clock.now(),
            }
          : null,
    };
  }

  return {
    /** The report's data and document model (the benchmark renders the same model in Chromium). */
    async reportDocument(orderNumber: string, a: ReportAccess): Promise<ReportDocument> {
      let { order, session } = await access(orderNumber, a);
      const entitlements = await d.exams.entitlements(order);
      if (!entitlements.includes('pdfReport')) throw new AppError('NOT_IN_TIER');
      if (entitlements.includes('certificate')) order = await issue(order, undefined);
      return buildReportDocument(d.translator, await data(order, session, entitlements));
    },

    async reportPdf(orderNumber: string, a: ReportAccess): Promise<Buffer> {
      let { order, session } = await access(orderNumber, a);
      const entitlements = await d.exams.entitlements(order);
      if (!entitlements.includes('pdfReport')) throw new AppError('NOT_IN_TIER');
      // A personality order's PDF is its profile (decision 0030), in the order's language, on the same pool.
      if (order.exam_id === PERSONALITY_EXAM_ID) {
        await d.limits.consume(PDF_RULES, orderNumber, d.clock.now());
        const profile = await d.examService.personalityProfile(orderNumber, a, (order.locale as Locale) ?? 'en');
        const parts = keyParts('report', order, session, entitlements, null);
        return pdf.cache.get(parts, () => pdf.pool.render(buildPersonalityDocument(d.translator, profile)));
      }
      if (entitlements.includes('certificate')) order = await issue(order, undefined);
      await d.limits.consume(PDF_RULES, orderNumber, d.clock.now());
      const labTaken = entitlements.includes(LAB_ENTITLEMENT) ? await lab.results(orderNumber) : null;
      const parts = keyParts('report', order, session, entitlements, labTaken);
      return pdf.cache.get(parts, () =>
        pdf.pool.render(async (tools) =>
          buildReportDocument(d.translator, await data(order, session, entitlements, tools.drawForm)),
        ),
      );
    },

    /** The certificate PDF: the name is asked once (the first given stays). */
    async certificatePdf(orderNumber: string, a: ReportAccess, name: string | undefined): Promise<Buffer> {
      const found = await access(orderNumber, a);
      const entitlements = await d.exams.entitlements(found.order);
      if (!entitlements.includes('certificate')) throw new AppError('NOT_IN_TIER');
      await d.limits.consume(PDF_RULES, orderNumber, d.clock.now());
      const order = await issue(found.order, name);
      const parts = keyParts('certificate', order, found.session, ['certificate'], null);
      return pdf.cache.get(parts, () =>
        // The form is drawn on the render worker too (its question count is on the certificate): never on
        // the event loop, where a cold certificate held every other request for a form's 30-70 ms.
        pdf.pool.render(async (tools) => {
          const report = await data(order, found.session, ['certificate'], tools.drawForm);
          const t = (k: string, o?: Record<string, unknown>) => d.translator.t(report.locale, k, o);
          const date = (ms: number) =>
            new Intl.DateTimeFormat(report.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(ms);
          const face = certificateFace(t, report, date);
          if (!face) throw new AppError('NOT_IN_TIER');
          return {
            locale: report.locale,
            title: `${t('pdf:meta.certificateTitle')} — ${order.certificate_serial}`,
            subject: t('pdf:meta.certificateTitle'),
            footer: () => 'Mindgauge',
            pages: [certificatePage(face)],
          } satisfies ReportDocument;
        }),
      );
    },

    /** What a certificate's verification page shows: its facts, for anyone holding its serial. */
    async verify(typed: string, locale: Locale) {
      // As people type it (any case, hyphens optional, I/L/O for 1/0); a wrong check character is not found.
      const serial = parseSerial(typed);
      if (!serial) throw new AppError('CERTIFICATE_NOT_FOUND');
      const order = await d.exams.findPaidByCertificate(serial);
      if (!order) throw new AppError('CERTIFICATE_NOT_FOUND');
      const session = await d.exams.findSession(order.session_id);
      if (!session?.result) throw new AppError('CERTIFICATE_NOT_FOUND');
      const summary = await d.examService.reportSummary(order, session as SessionRow & { result: string });
      return {
        serial,
        name: order.certificate_name,
        iq: summary.iq,
        rangeLow: summary.rangeLow,
        rangeHigh: summary.rangeHigh,
        bound: summary.bound,
        classId: summary.classId,
        className: d.translator.t(locale, engineKey(IQ_CLASSES.find((c) => c.id === summary.classId)?.key ?? '')),
        takenAt: new Date(order.created_at).toISOString(),
        issuedAt: new Date(order.certificate_issued_at ?? order.created_at).toISOString(),
      };
    },
  };
}
export type ReportFiles = ReturnType<typeof reportFiles>;

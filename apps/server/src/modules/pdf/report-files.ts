import { randomBytes } from 'node:crypto';
import type { Locale, TLabTestId } from '@mindgauge/contract';
import { IQ_CLASSES, panelPaths } from '@mindgauge/psychometrics';
import { engineKey } from '../../i18n/translator';
import { AppError } from '../../lib/app-error';
import { pageUrl } from '../../lib/page-url';
import { formOfSession } from '../exam/exam-form';
import type { Order as OrderRow, Session as SessionRow } from '../exam/exam-orders';
import { type ReportAccess, reportAccessOf } from '../exam/report-access';
import { LAB_ENTITLEMENT, type LabRecord } from '../lab/lab-service';
import { sentence } from '../report/answer-analysis';
import type { ReportDeps } from '../report/report-deps';
import { renderPdf } from './render-pdf';
import {
  buildReportDocument,
  certificateBlocks,
  type ReportData,
  type ReportDocument,
  type ReportItem,
} from './report-document';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A certificate serial: 160 random bits in base 32, in groups of four (MG-XXXX-…), unguessable. */
/**
 * Rendering a PDF is the costliest request there is (issue 13): each order may have a few rendered per
 * window, counted after its access is checked (so a stranger cannot spend the owner's budget), shared by
 * the report and the certificate, across instances.
 */
export const PDF_RULES = { name: 'pdf:order', max: 20, windowMs: 10 * 60_000 };

export function newSerial(): string {
  const bytes = randomBytes(20);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `MG-${out.match(/.{4}/g)?.join('-')}`;
}

export const ZSerial = /^MG(-[A-Z2-7]{4}){8}$/;

export type ReportFilesDeps = ReportDeps;

/** Where the PDF finds the psychology lab's results. */
export interface LabResults {
  results(orderNumber: string): Promise<Partial<Record<TLabTestId, LabRecord>>>;
}

/**
 * The report's files: the 21-page PDF report and the certificate, for whoever may read the report and at the
 * tier bought, and the certificate's public verification.
 */
export function reportFiles(d: ReportFilesDeps, lab: LabResults) {
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

  async function data(
    order: OrderRow,
    session: SessionRow & { result: string },
    entitlements: string[],
  ): Promise<ReportData> {
    const locale = (order.locale as Locale) ?? 'en';
    const summary = await d.examService.reportSummary(order, session);
    // The form drawn again from the session's seed (deterministic): the questions and their count.
    const form = formOfSession(session);
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
      const doc = await this.reportDocument(orderNumber, a);
      await d.limits.consume(PDF_RULES, orderNumber, d.clock.now());
      return renderPdf(doc);
    },

    /** The certificate PDF: the name is asked once (the first given stays). */
    async certificatePdf(orderNumber: string, a: ReportAccess, name: string | undefined): Promise<Buffer> {
      const found = await access(orderNumber, a);
      const entitlements = await d.exams.entitlements(found.order);
      if (!entitlements.includes('certificate')) throw new AppError('NOT_IN_TIER');
      await d.limits.consume(PDF_RULES, orderNumber, d.clock.now());
      const order = await issue(found.order, name);
      const report = await data(order, found.session, ['certificate']);
      const t = (k: string, o?: Record<string, unknown>) => d.translator.t(report.locale, k, o);
      const date = (ms: number) =>
        new Intl.DateTimeFormat(report.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(ms);
      return renderPdf({
        locale: report.locale,
        title: `${t('pdf:meta.certificateTitle')} — ${order.certificate_serial}`,
        subject: t('pdf:meta.certificateTitle'),
        footer: () => 'Mindgauge',
        pages: [
          {
            blocks: [
              { kind: 'gap', size: 60 },
              { kind: 'title', text: t('pdf:certificate.title') },
              { kind: 'gap', size: 30 },
              { kind: 'frame', blocks: certificateBlocks(t, report, date) },
            ],
          },
        ],
      });
    },

    /** What a certificate's verification page shows: its facts, for anyone holding its serial. */
    async verify(serial: string, locale: Locale) {
      if (!ZSerial.test(serial)) throw new AppError('CERTIFICATE_NOT_FOUND');
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

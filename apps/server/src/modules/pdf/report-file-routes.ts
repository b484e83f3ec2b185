import { endpoints } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import { type BasePaths, mountEndpoint, RawFile } from '../../http/mount-endpoint';
import { readerOf } from '../exam/report-access';
import type { ReportFiles } from './report-files';

/** The report's PDF files and the certificate's verification. */
export function reportFileRoutes(app: FastifyInstance, bases: BasePaths, files: ReportFiles): void {
  mountEndpoint(app, bases, endpoints.fileDownInfo, async ({ body, req }) => {
    const access = readerOf(req, body.token);
    const pdf =
      body.kind === 'report'
        ? await files.reportPdf(body.orderNumber, access)
        : await files.certificatePdf(body.orderNumber, access, body.name);
    const name = body.kind === 'report' ? `${body.orderNumber}.pdf` : `${body.orderNumber}-certificate.pdf`;
    return new RawFile(pdf, 'application/pdf', name);
  });
  mountEndpoint(app, bases, endpoints.certificateVerify, ({ params, query, locale }) =>
    files.verify(params.serial, query.hl ?? locale),
  );
}

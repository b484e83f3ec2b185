import type { PanelPath } from '@mindgauge/psychometrics';
import PDFDocument from 'pdfkit';
import { fontsFor } from './pdf-fonts';
import type { Block, CertificateFace, ReportDocument } from './report-document';

const A4 = { width: 595.28, height: 841.89 };
const M = { left: 56, right: 56, top: 56, bottom: 72 };
const WIDTH = A4.width - M.left - M.right;
const BOTTOM = A4.height - M.bottom;
const COLOR = {
  text: '#1d1e2c',
  muted: '#545769',
  brand: '#3b3fc4',
  soft: '#eceefe',
  accent: '#0f7b6c',
  wrong: '#b42318',
  line: '#dfe1ea',
  none: '#9a9cae',
};

/** The normal density (mean 100, SD 15), unnormalised. */
const density = (iq: number) => Math.exp(-((iq - 100) ** 2) / (2 * 15 * 15));

type Doc = PDFKit.PDFDocument;

/** Draws one engine panel (100 × 100 units) at (x, y) with side `size`: black strokes, grey or no fill. */
function drawPanel(doc: Doc, paths: PanelPath[], x: number, y: number, size: number): void {
  doc.save();
  doc.rect(x, y, size, size).lineWidth(0.5).strokeColor(COLOR.line).stroke();
  doc.translate(x, y).scale(size / 100);
  doc.lineWidth(2.2).lineJoin('round').strokeColor('#000');
  for (const p of paths) {
    doc.path(p.d);
    if (p.fill === 'none') doc.stroke();
    else doc.fillAndStroke(p.fill, '#000');
  }
  doc.restore();
}

/**
 * The certificate on a landscape A4 page: a double frame with corner marks, the title, the name on its line,
 * the result, the date, and at the foot the serial with the verification address (a link) and the issue date.
 * Every line is bounded to its width and shrinks to one line where a long name or address would wrap.
 */
function drawCertificate(doc: Doc, c: CertificateFace): void {
  const W = doc.page.width;
  const H = doc.page.height;
  // Drawn by coordinates inside the frame: pdfkit must not start a new page for a line near the foot.
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc
    .rect(16, 16, W - 32, H - 32)
    .lineWidth(3)
    .strokeColor(COLOR.brand)
    .stroke();
  doc
    .rect(24, 24, W - 48, H - 48)
    .lineWidth(0.8)
    .strokeColor(COLOR.brand)
    .stroke();
  for (const [cx, cy] of [
    [24, 24],
    [W - 24, 24],
    [24, H - 24],
    [W - 24, H - 24],
  ] as const) {
    doc.save().translate(cx, cy).rotate(45).rect(-6, -6, 12, 12).fill(COLOR.brand).restore();
  }
  const x = 80;
  const width = W - 160;
  /** One centred line, shrunk until it fits (names and addresses are never cut or wrapped). */
  const line = (s: string, y: number, o: { size: number; bold?: boolean; color?: string; link?: string }) => {
    let size = o.size;
    doc.font(o.bold ? 'B' : 'R');
    while (size > 7 && doc.fontSize(size).widthOfString(s) > width) size -= 0.5;
    doc
      .fontSize(size)
      .fillColor(o.color ?? COLOR.text)
      .text(s, x, y, {
        width,
        align: 'center',
        lineBreak: false,
        ...(o.link ? { link: o.link, underline: true } : {}),
      });
    return size;
  };
  line(c.title, 66, { size: 30, bold: true, color: COLOR.brand });
  doc
    .moveTo(W / 2 - 60, 112)
    .lineTo(W / 2 + 60, 112)
    .lineWidth(1)
    .strokeColor(COLOR.brand)
    .stroke();
  line(c.certifies, 132, { size: 13, color: COLOR.muted });
  line(c.name, 160, { size: 28, bold: true });
  doc
    .moveTo(W / 2 - 200, 200)
    .lineTo(W / 2 + 200, 200)
    .lineWidth(0.6)
    .strokeColor(COLOR.muted)
    .stroke();
  line(c.achieved, 214, { size: 13, color: COLOR.muted });
  if (c.resultIsNumber) line(c.result, 236, { size: 60, bold: true, color: COLOR.brand });
  else line(c.result, 250, { size: 20, bold: true, color: COLOR.brand });
  line(c.detail, 316, { size: 14, bold: true });
  line(c.taken, 342, { size: 12 });
  // The foot: how to check it.
  doc
    .moveTo(x, 392)
    .lineTo(x + width, 392)
    .lineWidth(0.5)
    .strokeColor(COLOR.line)
    .stroke();
  line(c.serial, 406, { size: 12, bold: true });
  line(c.verifyAt, 428, { size: 10.5, color: COLOR.muted });
  line(c.url, 444, { size: 10.5, color: COLOR.brand, link: c.url });
  line(c.issued, 470, { size: 10.5, color: COLOR.muted });
  line(c.disclaimer, H - 74, { size: 9, color: COLOR.muted });
  doc.page.margins.bottom = bottom;
}

/** Draws the blocks of a page from the top; text is bounded by the page, so a page never spills over. */
function drawBlocks(doc: Doc, blocks: Block[], x: number, width: number, startY: number): number {
  let y = startY;
  const room = () => Math.max(12, BOTTOM - y);
  const text = (
    s: string,
    o: { size?: number; bold?: boolean; color?: string; align?: 'left' | 'center'; gap?: number },
  ) => {
    doc
      .font(o.bold ? 'B' : 'R')
      .fontSize(o.size ?? 11)
      .fillColor(o.color ?? COLOR.text);
    const opts = { width, align: o.align ?? 'left', lineGap: 3, height: room(), ellipsis: true } as const;
    const h = Math.min(doc.heightOfString(s, opts), room());
    doc.text(s, x, y, opts);
    y += h + (o.gap ?? 8);
  };

  for (const b of blocks) {
    switch (b.kind) {
      case 'title':
        text(b.text, { size: 22, bold: true, color: COLOR.brand, gap: 14 });
        break;
      case 'heading':
        y += 4;
        text(b.text, { size: 13, bold: true, gap: 6 });
        break;
      case 'text':
        text(b.text, {
          ...(b.size ? { size: b.size } : {}),
          ...(b.bold ? { bold: true } : {}),
          ...(b.muted ? { color: COLOR.muted } : {}),
          ...(b.align ? { align: b.align } : {}),
        });
        break;
      case 'big':
        text(b.value, { size: 56, bold: true, color: COLOR.brand, align: 'center', gap: 0 });
        text(b.label, { size: 12, color: COLOR.muted, align: 'center', gap: 10 });
        break;
      case 'gap':
        y += b.size;
        break;
      case 'list':
        for (const item of b.items) {
          // A bullet drawn below the page's room would make pdfkit open a page of its own: a document's page
          // must fit its page (the models split long parts), so what does not fit is left out, never spilled.
          if (room() < 14) break;
          doc.font('R').fontSize(11).fillColor(COLOR.brand).text('•', x, y, { width: 12, lineBreak: false });
          doc.fillColor(COLOR.text);
          const opts = { width: width - 18, lineGap: 3, height: room(), ellipsis: true } as const;
          const h = Math.min(doc.heightOfString(item, opts), room());
          doc.text(item, x + 18, y, opts);
          y += h + 6;
        }
        break;
      case 'table': {
        const cols = b.head.length;
        const first = cols > 2 ? width * 0.4 : width * 0.7;
        const rest = (width - first) / Math.max(1, cols - 1);
        const colX = (c: number) => x + (c === 0 ? 0 : first + (c - 1) * rest);
        const colW = (c: number) => (c === 0 ? first : rest);
        const rowH = 20;
        const hasHead = b.head.some((h) => h !== '');
        const rows = hasHead ? [b.head, ...b.rows] : b.rows;
        rows.forEach((row, i) => {
          if (y + rowH > BOTTOM) return;
          const dataIndex = hasHead ? i - 1 : i;
          if (b.highlight !== undefined && dataIndex === b.highlight) doc.rect(x, y, width, rowH).fill(COLOR.soft);
          row.forEach((cell, c) => {
            doc
              .font(hasHead && i === 0 ? 'B' : 'R')
              .fontSize(10.5)
              .fillColor(COLOR.text)
              .text(cell, colX(c) + 4, y + 5, {
                width: colW(c) - 8,
                height: rowH - 4,
                ellipsis: true,
                lineBreak: false,
                align: c === 0 ? 'left' : 'right',
              });
          });
          doc
            .moveTo(x, y + rowH)
            .lineTo(x + width, y + rowH)
            .lineWidth(0.5)
            .strokeColor(COLOR.line)
            .stroke();
          y += rowH;
        });
        y += 10;
        break;
      }
      case 'curve': {
        const h = 190;
        const top = y + 10;
        const base = top + h - 30;
        const sx = (iq: number) => x + ((iq - 40) / 120) * width;
        const sy = (iq: number) => base - density(iq) * (h - 60);
        // The 95% range, shaded under the curve.
        doc.save();
        doc.moveTo(sx(b.low), base);
        for (let iq = b.low; iq <= b.high; iq += 1) doc.lineTo(sx(iq), sy(iq));
        doc.lineTo(sx(b.high), base).closePath().fill(COLOR.soft);
        doc.restore();
        doc.moveTo(sx(40), sy(40));
        for (let iq = 41; iq <= 160; iq += 1) doc.lineTo(sx(iq), sy(iq));
        doc.lineWidth(2).strokeColor(COLOR.brand).stroke();
        doc
          .moveTo(x, base)
          .lineTo(x + width, base)
          .lineWidth(1)
          .strokeColor(COLOR.muted)
          .stroke();
        for (let iq = 40; iq <= 160; iq += 20) {
          doc
            .moveTo(sx(iq), base)
            .lineTo(sx(iq), base + 4)
            .stroke();
          doc
            .font('R')
            .fontSize(9)
            .fillColor(COLOR.muted)
            .text(String(iq), sx(iq) - 15, base + 6, { width: 30, align: 'center' });
        }
        // The average and the person's place.
        doc
          .moveTo(sx(100), sy(100))
          .lineTo(sx(100), base)
          .dash(3, { space: 3 })
          .strokeColor(COLOR.muted)
          .stroke()
          .undash();
        doc
          .font('R')
          .fontSize(9)
          .fillColor(COLOR.muted)
          .text(b.average, sx(100) + 4, sy(100) - 2, { width: 100 });
        const iq = Math.max(40, Math.min(160, b.iq));
        doc
          .moveTo(sx(iq), top + 10)
          .lineTo(sx(iq), base)
          .lineWidth(2.5)
          .strokeColor(COLOR.accent)
          .stroke();
        doc
          .font('B')
          .fontSize(11)
          .fillColor(COLOR.accent)
          .text(b.you, Math.min(sx(iq) - 40, x + width - 80), top - 4, { width: 80, align: 'center' });
        doc
          .font('R')
          .fontSize(9)
          .fillColor(COLOR.muted)
          .text(b.axis, x, base + 18, { width, align: 'center' });
        y = base + 40;
        break;
      }
      case 'bar': {
        const h = 14;
        const sx = (v: number) => x + (Math.max(0, Math.min(100, v)) / 100) * width;
        doc.rect(x, y, width, h).fill(COLOR.line);
        doc.rect(sx(b.low), y, sx(b.high) - sx(b.low), h).fill(COLOR.soft);
        doc.rect(sx(b.score) - 2, y - 4, 4, h + 8).fill(COLOR.accent);
        for (const v of [0, 25, 50, 75, 100]) {
          doc
            .font('R')
            .fontSize(8)
            .fillColor(COLOR.muted)
            .text(String(v), sx(v) - 10, y + h + 4, { width: 20, align: 'center' });
        }
        y += h + 22;
        break;
      }
      case 'grid': {
        const perRow = 10;
        const cw = width / perRow;
        const ch = 26;
        b.outcomes.forEach((o, i) => {
          const cx = x + (i % perRow) * cw;
          const cy = y + Math.floor(i / perRow) * (ch + 6);
          const color = o === 'right' ? COLOR.accent : o === 'wrong' ? COLOR.wrong : COLOR.none;
          doc.roundedRect(cx + 2, cy, cw - 4, ch, 4).fill(color);
          doc
            .font('B')
            .fontSize(10)
            .fillColor('#fff')
            .text(String(i + 1), cx + 2, cy + 8, { width: cw - 4, align: 'center' });
        });
        y += Math.ceil(b.outcomes.length / perRow) * (ch + 6) + 8;
        const legend: [string, string][] = [
          [COLOR.accent, b.legend[0]],
          [COLOR.wrong, b.legend[1]],
          [COLOR.none, b.legend[2]],
        ];
        let lx = x;
        for (const [color, label] of legend) {
          doc.rect(lx, y + 2, 10, 10).fill(color);
          doc
            .font('R')
            .fontSize(10)
            .fillColor(COLOR.text)
            .text(label, lx + 14, y, { width: width / 3 - 16, lineBreak: false });
          lx += width / 3;
        }
        y += 22;
        break;
      }
      case 'item': {
        if (y + 150 > BOTTOM) break;
        text(b.title, { size: 11, bold: true, gap: 4 });
        const cell = 34;
        const gap = 3;
        for (let i = 0; i < 9; i++) {
          const px = x + (i % 3) * (cell + gap);
          const py = y + Math.floor(i / 3) * (cell + gap);
          const panel = b.context[i];
          if (panel) drawPanel(doc, panel, px, py, cell);
          else
            doc
              .font('B')
              .fontSize(18)
              .fillColor(COLOR.muted)
              .text('?', px, py + 7, { width: cell, align: 'center' });
        }
        const ox = x + 3 * (cell + gap) + 18;
        b.options.forEach((panel, i) => {
          const px = ox + (i % 3) * (cell + gap + 4);
          const py = y + Math.floor(i / 3) * (cell + gap + 14);
          drawPanel(doc, panel, px, py, cell);
          const mark = i === b.answerIndex ? COLOR.accent : i === b.choice ? COLOR.wrong : null;
          if (mark)
            doc
              .rect(px - 2, py - 2, cell + 4, cell + 4)
              .lineWidth(2)
              .strokeColor(mark)
              .stroke();
          doc
            .font('B')
            .fontSize(8)
            .fillColor(mark ?? COLOR.muted)
            .text(String.fromCharCode(65 + i), px, py + cell + 2, { width: cell, align: 'center' });
        });
        // Beside the drawings: the correct answer and the visitor's; below them, the rules, full width.
        const tx = ox + 3 * (cell + gap + 4) + 10;
        let ty = y;
        b.lines.slice(0, 2).forEach((line, i) => {
          doc
            .font('B')
            .fontSize(10)
            .fillColor(i === 1 && b.choice !== b.answerIndex ? COLOR.wrong : COLOR.text);
          doc.text(line, tx, ty, { width: x + width - tx, lineBreak: false, ellipsis: true, height: 14 });
          ty += 16;
        });
        y += 3 * (cell + gap) + 6;
        for (const line of b.lines.slice(2)) {
          // A line that would reach the footer is left out, never drawn over it.
          if (y + 12 > BOTTOM) break;
          doc.font('R').fontSize(9.5).fillColor(COLOR.text);
          const opts = { width, lineGap: 2, height: Math.max(12, BOTTOM - y), ellipsis: true } as const;
          const h = Math.min(doc.heightOfString(line, opts), opts.height);
          doc.text(`· ${line}`, x, y, opts);
          y += h + 2;
        }
        y += 14;
        break;
      }
      case 'link': {
        // Never wrapped (a broken address cannot be followed): the size shrinks until it fits the line.
        let size = 10;
        doc.font('R');
        while (size > 6 && doc.fontSize(size).widthOfString(b.url) > width) size -= 0.5;
        doc
          .fillColor(COLOR.brand)
          .text(b.url, x, y, { width, align: 'center', link: b.url, underline: true, lineBreak: false });
        y += size + 10;
        break;
      }
      case 'certificate':
        drawCertificate(doc, b.cert);
        y = BOTTOM;
        break;
      case 'frame': {
        const top = y;
        y = drawBlocks(doc, b.blocks, x + 24, width - 48, y + 24);
        doc
          .roundedRect(x, top, width, Math.min(y - top + 12, BOTTOM - top))
          .lineWidth(2)
          .strokeColor(COLOR.brand)
          .stroke();
        y += 24;
        break;
      }
    }
  }
  return y;
}

/** Renders a document model with pdfkit: A4, the language's fonts embedded as subsets, numbered pages. */
export function renderPdf(model: ReportDocument): Promise<Buffer> {
  const fonts = fontsFor(model.locale);
  const doc = new PDFDocument({
    size: 'A4',
    margins: M,
    autoFirstPage: false,
    bufferPages: true,
    lang: model.locale,
    info: { Title: model.title, Subject: model.subject, Author: 'Mindgauge', Creator: 'Mindgauge' },
    pdfVersion: '1.7',
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // pdfkit 0.20 takes a parsed fontkit font (its types only list files and buffers).
  doc.registerFont('R', fonts.regular as unknown as Buffer);
  doc.registerFont('B', fonts.bold as unknown as Buffer);
  for (const page of model.pages) {
    doc.addPage(page.landscape ? { size: 'A4', layout: 'landscape', margins: M } : undefined);
    drawBlocks(doc, page.blocks, M.left, WIDTH, M.top);
  }
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Writing in the bottom margin would start a new page: the footer is drawn with the margin lifted.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('R')
      .fontSize(8.5)
      .fillColor(COLOR.muted)
      .text(model.footer(i + 1, range.count), M.left, doc.page.height - 40, {
        width: doc.page.width - M.left - M.right,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

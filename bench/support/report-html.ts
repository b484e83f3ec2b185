import type { Block, ReportDocument } from '../../apps/server/src/modules/pdf/report-document';

/**
 * The report's document model as HTML for Chromium's print (the benchmark's comparison only): the same pages,
 * texts, fonts (the same Noto files) and vector drawings as the pdfkit renderer.
 */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function panel(paths: { d: string; fill: string }[]): string {
  return `<svg viewBox="0 0 100 100" width="34" height="34" class="p"><g stroke="#000" stroke-width="2.2" stroke-linejoin="round">${paths
    .map((p) => `<path fill="${p.fill}" d="${p.d}"/>`)
    .join('')}</g></svg>`;
}

function curve(b: Extract<Block, { kind: 'curve' }>): string {
  const w = 480;
  const h = 160;
  const sx = (iq: number) => ((iq - 40) / 120) * w;
  const sy = (iq: number) => h - Math.exp(-((iq - 100) ** 2) / 450) * (h - 20);
  let d = `M${sx(40)} ${sy(40)}`;
  for (let iq = 41; iq <= 160; iq++) d += `L${sx(iq)} ${sy(iq)}`;
  let band = `M${sx(b.low)} ${h}`;
  for (let iq = b.low; iq <= b.high; iq++) band += `L${sx(iq)} ${sy(iq)}`;
  band += `L${sx(b.high)} ${h}Z`;
  return `<svg width="${w}" height="${h + 30}"><path d="${band}" fill="#eceefe"/><path d="${d}" fill="none" stroke="#3b3fc4" stroke-width="2"/><line x1="${sx(b.iq)}" x2="${sx(b.iq)}" y1="10" y2="${h}" stroke="#0f7b6c" stroke-width="2.5"/><text x="${sx(b.iq)}" y="8" text-anchor="middle" font-size="11">${esc(b.you)}</text><text x="${w / 2}" y="${h + 24}" text-anchor="middle" font-size="9">${esc(b.axis)}</text></svg>`;
}

function block(b: Block): string {
  switch (b.kind) {
    case 'title':
      return `<h1>${esc(b.text)}</h1>`;
    case 'heading':
      return `<h2>${esc(b.text)}</h2>`;
    case 'text':
      return `<p style="font-size:${b.size ?? 11}pt;${b.bold ? 'font-weight:700;' : ''}${b.muted ? 'color:#545769;' : ''}text-align:${b.align ?? 'left'}">${esc(b.text)}</p>`;
    case 'big':
      return `<div class="big">${esc(b.value)}</div><p class="c">${esc(b.label)}</p>`;
    case 'list':
      return `<ul>${b.items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`;
    case 'table':
      return `<table>${b.head.some(Boolean) ? `<tr>${b.head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>` : ''}${b.rows
        .map(
          (r, i) => `<tr${i === b.highlight ? ' class="hl"' : ''}>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`,
        )
        .join('')}</table>`;
    case 'curve':
      return curve(b);
    case 'bar':
      return `<div class="bar"><span style="left:${b.low}%;width:${b.high - b.low}%"></span><i style="left:${b.score}%"></i></div>`;
    case 'grid':
      return `<div class="grid">${b.outcomes.map((o, i) => `<span class="${o}">${i + 1}</span>`).join('')}</div><p>${b.legend.map(esc).join(' · ')}</p>`;
    case 'item':
      return `<h3>${esc(b.title)}</h3><div class="item"><div class="ctx">${b.context.map(panel).join('')}<b>?</b></div><div class="opt">${b.options
        .map(
          (o, i) =>
            `<div class="${i === b.answerIndex ? 'ok' : i === b.choice ? 'no' : ''}">${panel(o)}<br>${String.fromCharCode(65 + i)}</div>`,
        )
        .join('')}</div></div>${b.lines.map((l) => `<p class="s">${esc(l)}</p>`).join('')}`;
    case 'frame':
      return `<div class="frame">${b.blocks.map(block).join('')}</div>`;
    case 'certificate': {
      const c = b.cert;
      return `<div class="cert"><h1 class="c">${esc(c.title)}</h1><p class="c">${esc(c.certifies)}</p><h2 class="c">${esc(c.name)}</h2><p class="c">${esc(c.achieved)}</p><p class="${c.resultIsNumber ? 'big' : 'c'}">${esc(c.result)}</p><p class="c">${esc(c.detail)}</p><p class="c">${esc(c.taken)}</p><p class="c">${esc(c.serial)}</p><p class="c">${esc(c.verifyAt)} <a href="${esc(c.url)}">${esc(c.url)}</a></p><p class="c">${esc(c.issued)}</p><p class="c s">${esc(c.disclaimer)}</p></div>`;
    }
    case 'link':
      return `<p class="c"><a href="${esc(b.url)}">${esc(b.url)}</a></p>`;
    case 'gap':
      return `<div style="height:${b.size}pt"></div>`;
  }
}

export function reportHtml(model: ReportDocument, fonts: { regular: string; bold: string }): string {
  const pages = model.pages
    .map(
      (p, i) =>
        `<section${p.landscape ? ' class="land"' : ''}>${p.blocks.map(block).join('')}<footer>${esc(model.footer(i + 1, model.pages.length))}</footer></section>`,
    )
    .join('');
  return `<!doctype html><html lang="${model.locale}"><head><meta charset="utf-8"><title>${esc(model.title)}</title><style>
@font-face{font-family:R;src:url("file://${fonts.regular}")}
@font-face{font-family:R;font-weight:700;src:url("file://${fonts.bold}")}
@page{size:A4;margin:56pt 56pt 72pt}
body{font-family:R;color:#1d1e2c;font-size:11pt;margin:0}
section{page-break-after:always;position:relative;height:713pt}section:last-child{page-break-after:auto}
h1{color:#3b3fc4;font-size:22pt;margin:0 0 14pt}h2{font-size:13pt;margin:8pt 0 6pt}h3{font-size:11pt;margin:6pt 0 4pt}
p{margin:0 0 8pt;line-height:1.35}.s{font-size:9.5pt;margin:0 0 2pt}.c{text-align:center}
.big{font-size:56pt;font-weight:700;color:#3b3fc4;text-align:center}
table{width:100%;border-collapse:collapse;font-size:10.5pt}td,th{border-bottom:.5pt solid #dfe1ea;padding:4pt}.hl{background:#eceefe}
.bar{position:relative;height:14pt;background:#dfe1ea;margin:8pt 0 20pt}.bar span{position:absolute;top:0;bottom:0;background:#eceefe}.bar i{position:absolute;top:-4pt;bottom:-4pt;width:4pt;background:#0f7b6c}
.grid{display:grid;grid-template-columns:repeat(10,1fr);gap:6pt}.grid span{border-radius:4pt;color:#fff;text-align:center;padding:6pt 0}.right{background:#0f7b6c}.wrong{background:#b42318}.none{background:#9a9cae}
.item{display:flex;gap:18pt}.ctx{display:grid;grid-template-columns:repeat(3,34pt);gap:3pt}.opt{display:grid;grid-template-columns:repeat(3,40pt);gap:3pt;text-align:center;font-size:8pt}
.ok svg{outline:2pt solid #0f7b6c}.no svg{outline:2pt solid #b42318}.p{border:.5pt solid #dfe1ea}
.frame{border:2pt solid #3b3fc4;border-radius:8pt;padding:24pt}
.cert{border:3pt double #3b3fc4;padding:24pt;height:380pt}
@page land{size:A4 landscape}section.land{page:land;height:467pt}
footer{position:absolute;bottom:-40pt;width:100%;text-align:center;font-size:8.5pt;color:#545769}
</style></head><body>${pages}</body></html>`;
}

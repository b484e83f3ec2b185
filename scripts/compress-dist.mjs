#!/usr/bin/env node
// After `vite build`: writes Brotli (.br) and gzip (.gz) copies of every text asset, so the server sends
// them as they are (no compression work per request). Files under 1 KB are left alone.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'dist');
let files = 0;
let before = 0;
let after = 0;
for (const rel of fs.readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
  // HTML pages (index.html, the prerendered pages) are sent by the server after per-request changes.
  if (!/\.(js|css|svg|json|txt)$/.test(rel) || rel.startsWith(`prerendered${path.sep}`)) continue;
  const file = path.join(dist, rel);
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  files++;
  before += data.length;
  after += br.length;
}
console.info(`compressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB (brotli)`);

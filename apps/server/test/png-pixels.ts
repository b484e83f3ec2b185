import zlib from 'node:zlib';

/**
 * Decodes a non-interlaced 8-bit PNG (RGB or RGBA, what resvg writes) to its pixels, so a test can look at the
 * picture itself: its size, whether anything is drawn, and how two pictures differ.
 */
export function decodePng(png: Buffer): { width: number; height: number; channels: number; pixels: Buffer } {
  if (png.subarray(1, 4).toString() !== 'PNG') throw new Error('not a PNG');
  let pos = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (pos < png.length) {
    const len = png.readUInt32BE(pos);
    const type = png.subarray(pos + 4, pos + 8).toString();
    const data = png.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [depth, colour, , , interlace] = [data[8], data[9], data[10], data[11], data[12]];
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) throw new Error('unsupported PNG');
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    pos += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  // Each row starts with its filter type; undo it against the row above (already decoded).
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const cur = raw[y * (stride + 1) + 1 + x] as number;
      const a = x >= channels ? (pixels[y * stride + x - channels] as number) : 0;
      const b = y > 0 ? (pixels[(y - 1) * stride + x] as number) : 0;
      const c = x >= channels && y > 0 ? (pixels[(y - 1) * stride + x - channels] as number) : 0;
      let v = cur;
      if (filter === 1) v = cur + a;
      else if (filter === 2) v = cur + b;
      else if (filter === 3) v = cur + Math.floor((a + b) / 2);
      else if (filter === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        v = cur + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      pixels[y * stride + x] = v & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

/** How many distinct colours a picture holds (a blank or one-colour image has one). */
export function colourCount(img: ReturnType<typeof decodePng>): number {
  const seen = new Set<number>();
  for (let i = 0; i < img.pixels.length; i += img.channels) {
    seen.add((img.pixels[i] as number) * 65536 + (img.pixels[i + 1] as number) * 256 + (img.pixels[i + 2] as number));
  }
  return seen.size;
}

/** The share of pixels that differ between two pictures of the same size, 0..1. */
export function differingShare(a: ReturnType<typeof decodePng>, b: ReturnType<typeof decodePng>): number {
  let differ = 0;
  for (let i = 0; i < a.pixels.length; i += a.channels) {
    if (a.pixels.compare(b.pixels, i, i + a.channels, i, i + a.channels) !== 0) differ++;
  }
  return differ / (a.pixels.length / a.channels);
}

/** The RGB colour at a point. */
export function pixelAt(img: ReturnType<typeof decodePng>, x: number, y: number): string {
  const i = (y * img.width + x) * img.channels;
  return [img.pixels[i], img.pixels[i + 1], img.pixels[i + 2]]
    .map((n) => (n as number).toString(16).padStart(2, '0'))
    .join('');
}

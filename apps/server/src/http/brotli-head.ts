import zlib from 'node:zlib';
import { acceptsEncoding } from './accept-encoding';

/**
 * Brotli for a response whose long head is the same for many requests (a test form) and whose short tail
 * changes each time (the clock, the answers so far). The head is compressed once and kept, as a brotli
 * stream flushed but not finished (the encoder's flush ends on a byte boundary); each response appends its
 * tail as raw, uncompressed meta-blocks (RFC 7932, section 9.2: ISUNCOMPRESSED) and the empty last
 * meta-block. Any brotli decoder reads the result as the head followed by the tail. The tail is a few
 * hundred bytes: sending it raw costs less than compressing it.
 */

/** The head compressed as an unfinished brotli stream (off the event loop: zlib's thread pool). */
export function brotliHead(head: Buffer, quality = 4): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const enc = zlib.createBrotliCompress({
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: head.length,
      },
    });
    const chunks: Buffer[] = [];
    enc.on('data', (c: Buffer) => chunks.push(c));
    enc.on('error', reject);
    enc.write(head);
    enc.flush(zlib.constants.BROTLI_OPERATION_FLUSH, () => {
      resolve(Buffer.concat(chunks));
      enc.destroy();
    });
  });
}

/** Largest uncompressed meta-block with a 4-nibble length. */
const MAX_RAW = 1 << 16;

/** The tail as raw meta-blocks, then the stream's end (ISLAST, ISLASTEMPTY). */
export function brotliRawTail(tail: Buffer): Buffer {
  const out: Buffer[] = [];
  for (let off = 0; off < tail.length; off += MAX_RAW) {
    const chunk = tail.subarray(off, off + MAX_RAW);
    // Bits, least significant first: ISLAST=0, MNIBBLES=4 (code 0, 2 bits), MLEN-1 (16 bits),
    // ISUNCOMPRESSED=1; 20 bits padded with zeros to 3 bytes, then the bytes themselves.
    const bits = ((chunk.length - 1) << 3) | (1 << 19);
    out.push(Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]), chunk);
  }
  out.push(Buffer.from([0x03]));
  return Buffer.concat(out);
}

/** Whether the request's Accept-Encoding allows brotli (a `q=0` refuses it). */
export function acceptsBrotli(header: string | string[] | undefined): boolean {
  return acceptsEncoding(header, 'br');
}

import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsBrotli, brotliHead, brotliRawTail } from './brotli-head';

describe('a cached brotli head with a raw tail', () => {
  it('decodes as the head followed by the tail, for empty, short and multi-block tails', async () => {
    const head = Buffer.from(`{"questions":${JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ i })))}`);
    const compressed = await brotliHead(head);
    expect(compressed.length).toBeLessThan(head.length / 4);
    for (const tail of [Buffer.alloc(0), Buffer.from(',"now":"x"}'), Buffer.alloc(150_000, 'y')]) {
      const body = Buffer.concat([compressed, brotliRawTail(tail)]);
      expect(zlib.brotliDecompressSync(body).equals(Buffer.concat([head, tail]))).toBe(true);
    }
  });

  it('reads Accept-Encoding: brotli unless refused with q=0', () => {
    expect(acceptsBrotli('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsBrotli('br;q=0.5')).toBe(true);
    expect(acceptsBrotli('gzip, br;q=0')).toBe(false);
    expect(acceptsBrotli('gzip')).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZOrderNumber } from './api/exam';
import {
  CROCKFORD_ALPHABET,
  checkCharacter,
  encodeCrockford,
  formatReadableCode,
  parseOrderNumber,
  parseReadableCode,
  parseSerial,
  READABLE_CODE_CHARS,
} from './readable-code';
import { z } from './zod';

const fresh = (prefix = 'MG') => formatReadableCode(prefix, encodeCrockford(randomBytes(17), READABLE_CODE_CHARS));

describe('readable codes (order numbers, certificate serials)', () => {
  it('are MG + seven groups of four Crockford characters, the last one a check character', () => {
    const code = fresh();
    expect(code).toMatch(/^MG(-[0-9A-HJKMNP-TV-Z]{4}){7}$/);
    // 27 random characters of 5 bits: 135 bits.
    expect(READABLE_CODE_CHARS * Math.log2(CROCKFORD_ALPHABET.length)).toBeGreaterThanOrEqual(128);
    const body = code.replaceAll('-', '').slice(2, -1);
    expect(checkCharacter(body)).toBe(code.at(-1));
  });

  it('round-trips, and reads what people type: any case, no hyphens, spaces, I/L for 1 and O for 0', () => {
    for (let n = 0; n < 200; n++) {
      const code = fresh();
      expect(parseOrderNumber(code)).toBe(code);
      expect(parseOrderNumber(code.toLowerCase())).toBe(code);
      expect(parseOrderNumber(code.replaceAll('-', ''))).toBe(code);
      expect(parseOrderNumber(code.replaceAll('-', ' '))).toBe(code);
      const misread = `MG${code
        .slice(2)
        .replaceAll('1', n % 2 ? 'I' : 'l')
        .replaceAll('0', 'O')}`;
      expect(parseOrderNumber(misread), misread).toBe(code);
    }
  });

  it('catches every single mistyped character and (but for 0/Z) every swap of neighbours', () => {
    for (let n = 0; n < 20; n++) {
      const code = fresh();
      const chars = [...code.replaceAll('-', '').slice(2)];
      for (let i = 0; i < chars.length; i++) {
        for (const c of CROCKFORD_ALPHABET) {
          if (c === chars[i]) continue;
          const typo = [...chars];
          typo[i] = c;
          expect(parseReadableCode(`MG${typo.join('')}`, 'MG'), `${code} ${i} ${c}`).toBeNull();
        }
        const next = chars[i + 1];
        if (next === undefined || next === chars[i]) continue;
        if (new Set([chars[i], next]).size === 2 && [chars[i], next].sort().join('') === '0Z') continue;
        const swapped = [...chars];
        swapped[i] = next;
        swapped[i + 1] = chars[i] as string;
        expect(parseReadableCode(`MG${swapped.join('')}`, 'MG'), `${code} swap ${i}`).toBeNull();
      }
    }
  });

  it('rejects wrong lengths, letters outside the alphabet and the other kind of code', () => {
    const code = fresh();
    expect(parseOrderNumber(code.slice(0, -2))).toBeNull();
    expect(parseOrderNumber(`${code}A`)).toBeNull();
    expect(parseOrderNumber(`${code.slice(0, -1)}U`)).toBeNull();
    expect(parseOrderNumber(fresh('MGC'))).toBeNull();
    expect(parseSerial(code)).toBeNull();
    const serial = fresh('MGC');
    expect(parseSerial(serial.toLowerCase().replaceAll('-', ''))).toBe(serial);
  });

  it('keeps older order numbers (MG + 22 base64url characters, case-sensitive) and serials working', () => {
    expect(parseOrderNumber('MGx-3_AbCdEfGhIjKlMnOpQr')).toBe('MGx-3_AbCdEfGhIjKlMnOpQr');
    expect(parseOrderNumber('MGx-3_AbCdEfGhIjKlMnOpQ')).toBeNull();
    const old = 'MG-ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567';
    expect(parseSerial(old)).toBe(old);
    expect(parseSerial(old.toLowerCase())).toBe(old);
  });

  it('the contract schema turns what was typed into the stored form, and refuses a typo', () => {
    const code = fresh();
    expect(z.parse(ZOrderNumber, code.toLowerCase().replaceAll('-', ''))).toBe(code);
    expect(z.parse(ZOrderNumber, 'MGx-3_AbCdEfGhIjKlMnOpQr')).toBe('MGx-3_AbCdEfGhIjKlMnOpQr');
    const typo = code.slice(0, 3) + (code[3] === 'A' ? 'B' : 'A') + code.slice(4);
    expect(z.safeParse(ZOrderNumber, typo).success).toBe(false);
  });
});

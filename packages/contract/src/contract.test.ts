import { describe, expect, it } from 'vitest';
import { buildPath } from './endpoint';
import { endpoints } from './endpoints';
import { ERROR_CODES, ERRORS } from './errors';
import { ZLanguageTag } from './fields';
import { formatScope, parseScope } from './scope';
import { isApiError, isApiSuccess, RESULT_OK } from './wrapper';

describe('response wrapper', () => {
  it('counts a response as successful only when result equals 200', () => {
    expect(isApiSuccess({ result: 200, data: 1 })).toBe(true);
    expect(isApiSuccess({ result: '200', data: 1 })).toBe(false);
    expect(isApiSuccess({ result: 201, data: 1 })).toBe(false);
    expect(isApiSuccess({ data: 1 })).toBe(false);
    expect(isApiSuccess(null)).toBe(false);
    expect(isApiError({ result: 40001, code: 'VALIDATION_FAILED', message: 'x' })).toBe(true);
  });
});

describe('error catalogue', () => {
  it('never uses 200 as an error result; codes and results are unique', () => {
    const results = ERROR_CODES.map((c) => ERRORS[c].result);
    expect(results).not.toContain(RESULT_OK);
    expect(new Set(results).size).toBe(results.length);
    expect(ERRORS.NO_RETRIEVABLE_REPORTS.result).toBe(10101);
    for (const c of ERROR_CODES) expect(ERRORS[c].status).toBeGreaterThanOrEqual(400);
  });
});

describe('scope and paths', () => {
  it('parses {code}-{examId}', () => {
    expect(parseScope('IQB-1799')).toEqual({ code: 'IQB', examId: 1799 });
    expect(formatScope({ code: 'IQB', examId: 1799 })).toBe('IQB-1799');
    for (const bad of ['IQB1799', 'iqb-1799', 'IQB-01', 'I-1', '', undefined]) expect(parseScope(bad)).toBeNull();
  });

  it('builds endpoint paths and refuses to build one with a missing parameter', () => {
    expect(buildPath(endpoints.helpList.path, { examId: 1799, hl: 'zh-HK' })).toBe('/app/help/list/1799/zh-HK');
    expect(buildPath('/a/:x', { x: 'a/b' })).toBe('/a/a%2Fb');
    expect(() => buildPath(endpoints.helpInfo.path, {})).toThrow(/id/);
  });

  it('gives every endpoint a unique operation id and a unique method + path', () => {
    const defs = Object.values(endpoints);
    expect(new Set(defs.map((d) => d.id)).size).toBe(defs.length);
    expect(new Set(defs.map((d) => `${d.method} ${d.base} ${d.path}`)).size).toBe(defs.length);
  });
});

describe('language field', () => {
  it('normalises our languages and rejects others', () => {
    expect(ZLanguageTag.parse('zh-TW')).toBe('zh-HK');
    expect(ZLanguageTag.parse('pt-BR')).toBe('pt');
    for (const bad of ['xx', 'it', '', 'en-', '<script>', 'e'.repeat(40)])
      expect(ZLanguageTag.safeParse(bad).success, bad).toBe(false);
  });
});

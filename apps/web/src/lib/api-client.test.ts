import { categoryList, generateLogid, helpList, languageList } from '@mindgauge/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiResponseError, call, NetworkError, setClientContext } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function stubFetch(impl: (url: string, init: RequestInit) => Promise<Response>) {
  const spy = vi.fn(impl);
  vi.stubGlobal('fetch', spy);
  return spy;
}

describe('api client', () => {
  it('sends the shared headers and returns data when result is 200', async () => {
    setClientContext({ logid: 'a'.repeat(32), uid: 'u-1', examAppId: 1799, language: 'ja' });
    const spy = stubFetch(async () => Response.json({ result: 200, data: { logid: 'b'.repeat(32) } }));
    const data = await call(generateLogid, { body: { appExamId: 1799 } });
    expect(data.logid).toBe('b'.repeat(32));
    const [url, init] = spy.mock.calls[0]!;
    expect(url).toBe('/api/app/v2/generate/logid');
    const headers = init.headers as Record<string, string>;
    expect(headers).toMatchObject({
      logid: 'a'.repeat(32),
      uid: 'u-1',
      'exam-app-id': '1799',
      language: 'ja',
      'app-language': 'ja',
    });
    expect(headers['app-version']).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('passes the raw response on when result is not 200, even with HTTP 200', async () => {
    const raw = { result: 10101, code: 'NO_RETRIEVABLE_REPORTS', message: 'none' };
    stubFetch(async () => Response.json(raw, { status: 200 }));
    const err = await call(languageList, { params: { examId: 1799 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiResponseError);
    expect((err as ApiResponseError).raw).toEqual(raw);
    expect((err as ApiResponseError).body?.code).toBe('NO_RETRIEVABLE_REPORTS');
  });

  it('builds paths and queries from the contract', async () => {
    const spy = stubFetch(async () => Response.json({ result: 200, data: { sections: [] } }));
    await call(helpList, { params: { examId: 1799, hl: 'zh-HK' } });
    expect(spy.mock.calls[0]![0]).toBe('/api/app/help/list/1799/zh-HK');
  });

  it('times out after 30 000 ms with "network error"', async () => {
    vi.useFakeTimers();
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = call(categoryList, {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    await vi.advanceTimersByTimeAsync(2);
    const err = await pending;
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).message).toBe('network error');
    expect((err as NetworkError).reason).toBe('timeout');
  });

  it('turns a failed fetch into a network error', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call(categoryList, {})).rejects.toBeInstanceOf(NetworkError);
  });
});

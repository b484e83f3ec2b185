import {
  APP_VERSION,
  buildPath,
  type EndpointDef,
  HTTP_TIMEOUT_MS,
  isApiError,
  isApiSuccess,
  type Locale,
  SHARED_HEADERS,
  type TApiError,
} from '@mindgauge/contract';
import * as zc from 'zod/v4/core';
import { runtimeConfig } from './runtime-config';

/** The request timed out or never reached the server. Its message is the spec's "network error". */
export class NetworkError extends Error {
  constructor(readonly reason: 'timeout' | 'offline' | 'failed') {
    super('network error');
    this.name = 'NetworkError';
  }
}

/** A response whose `result` is not 200: the raw body is passed on, as the spec's wrapper rule says. */
export class ApiResponseError extends Error {
  constructor(
    readonly status: number,
    readonly raw: unknown,
  ) {
    super(isApiError(raw) ? raw.code : `HTTP ${status}`);
    this.name = 'ApiResponseError';
  }
  get body(): TApiError | undefined {
    return isApiError(this.raw) ? this.raw : undefined;
  }
}

/** Values of the shared headers, set once the visitor's context is known. */
export interface ClientContext {
  logid?: string;
  uid?: string;
  examAppId?: number;
  language: Locale;
}

const context: ClientContext = { language: 'en' };

export function setClientContext(patch: Partial<ClientContext>): void {
  Object.assign(context, patch);
}

export function sharedHeaders(): Record<string, string> {
  const h: Record<string, string> = {
    [SHARED_HEADERS.appVersion]: APP_VERSION,
    [SHARED_HEADERS.language]: context.language,
    [SHARED_HEADERS.appLanguage]: context.language,
  };
  if (context.logid) h[SHARED_HEADERS.logid] = context.logid;
  if (context.uid) h[SHARED_HEADERS.uid] = context.uid;
  if (context.examAppId) h[SHARED_HEADERS.examAppId] = String(context.examAppId);
  return h;
}

type In<T> = T extends zc.$ZodType ? zc.input<T> : undefined;

export interface CallInput<E extends EndpointDef> {
  params?: In<E['params']>;
  query?: In<E['query']>;
  body?: In<E['body']>;
  signal?: AbortSignal;
}

/** Sends a contract endpoint's request: shared headers, a 30 s timeout; a failed fetch is a NetworkError. */
async function send<E extends EndpointDef>(def: E, input: CallInput<E>): Promise<Response> {
  const base = def.base === 'pay' ? runtimeConfig.payBase : runtimeConfig.apiBase;
  let url = base + buildPath(def.path, input.params as Record<string, string | number> | undefined);
  if (input.query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(input.query as Record<string, unknown>)) {
      if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
    }
    const s = qs.toString();
    if (s) url += `?${s}`;
  }

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), HTTP_TIMEOUT_MS);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout.signal]) : timeout.signal;
  try {
    return await fetch(url, {
      method: def.method,
      headers: { ...sharedHeaders(), ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: input.body !== undefined ? JSON.stringify(input.body) : null,
      signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (input.signal?.aborted) throw err;
    throw new NetworkError(timeout.signal.aborted ? 'timeout' : navigator.onLine === false ? 'offline' : 'failed');
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls a contract endpoint: shared headers, a 30 s timeout, and the wrapper rule. Resolves with `data`
 * parsed by the contract's schema; throws NetworkError or ApiResponseError otherwise.
 */
export async function call<E extends EndpointDef>(def: E, input: CallInput<E> = {}): Promise<zc.output<E['response']>> {
  const res = await send(def, input);
  const raw: unknown = await res.json().catch(() => undefined);
  if (!isApiSuccess(raw)) throw new ApiResponseError(res.status, raw);
  return zc.parse(def.response, raw.data) as zc.output<E['response']>;
}

/** Calls an endpoint that answers with a file (a PDF): its bytes, or the error its JSON body tells. */
export async function callForFile<E extends EndpointDef>(def: E, input: CallInput<E> = {}): Promise<Blob> {
  const res = await send(def, input);
  if (res.ok && !(res.headers.get('content-type') ?? '').includes('json')) return res.blob();
  throw new ApiResponseError(res.status, await res.json().catch(() => undefined));
}

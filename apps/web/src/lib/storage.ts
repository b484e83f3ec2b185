import { STORAGE_PREFIX, STORAGE_TTL_DAYS } from '@mindgauge/contract';

const DAY_MS = 86_400_000;

interface Stamped<T> {
  v: T;
  /** Expiry, epoch ms. */
  e: number;
}

/** Storage may be unavailable (private mode, disabled cookies): the app must still work without it. */
function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/** Long-lived browser data (localStorage), keys prefixed `IQ-`, expiring after 365 days by default. */
export const persistent = {
  get<T>(key: string): T | undefined {
    return safe(() => {
      const raw = localStorage.getItem(STORAGE_PREFIX + key);
      if (!raw) return undefined;
      const stamped = JSON.parse(raw) as Stamped<T>;
      if (typeof stamped.e !== 'number' || stamped.e < Date.now()) {
        localStorage.removeItem(STORAGE_PREFIX + key);
        return undefined;
      }
      return stamped.v;
    }, undefined);
  },
  set<T>(key: string, value: T, ttlDays = STORAGE_TTL_DAYS): void {
    safe(
      () => localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify({ v: value, e: Date.now() + ttlDays * DAY_MS })),
      undefined,
    );
  },
  remove(key: string): void {
    safe(() => localStorage.removeItem(STORAGE_PREFIX + key), undefined);
  },
};

/** Per-tab data (sessionStorage), keys prefixed `IQ-`. */
export const session = {
  get<T>(key: string): T | undefined {
    return safe(() => {
      const raw = sessionStorage.getItem(STORAGE_PREFIX + key);
      return raw ? (JSON.parse(raw) as T) : undefined;
    }, undefined);
  },
  set<T>(key: string, value: T): void {
    safe(() => sessionStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(value)), undefined);
  },
};

export function setCookie(name: string, value: string, days: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${days * 86_400}; Path=/; SameSite=Lax${secure}`;
}

export function getCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

import { APP_VERSION, appView, generateLogid, parseScope } from '@mindgauge/contract';
import { adPixelsLogidReady } from '../../lib/ad-pixels/ad-pixels';
import { call, setClientContext } from '../../lib/api-client';
import { readConfig } from '../../lib/persisted-config';
import { getCookie, persistent, session, setCookie } from '../../lib/storage';

const LOGID_RE = /^[a-f0-9]{32}$/;

/** A random id for the visitor, kept across visits; sent as the `uid` header. */
function visitorUid(): string {
  let uid = persistent.get<string>('uid');
  if (!uid) {
    uid = crypto.randomUUID();
    persistent.set('uid', uid);
  }
  return uid;
}

/**
 * The log id of this visit (for ad de-duplication and support): from the URL, else storage or the cookie,
 * else issued by the server. Kept in session storage and a cookie, as the spec says.
 */
export async function ensureLogid(search: string): Promise<void> {
  setClientContext({ uid: visitorUid(), examAppId: readConfig().examId });
  const fromUrl = new URLSearchParams(search).get('logid');
  let logid =
    [fromUrl, session.get<string>('logid'), getCookie('IQ-logid')].find((v) => v && LOGID_RE.test(v)) ?? undefined;
  if (!logid) {
    try {
      logid = (await call(generateLogid, { body: { appExamId: readConfig().examId } })).logid;
    } catch {
      return; // Tracking never blocks the visitor.
    }
  }
  session.set('logid', logid);
  setCookie('IQ-logid', logid, 365);
  setClientContext({ logid });
  adPixelsLogidReady();
}

/** Records a page view: the platform's own counters come from these. */
export function recordPageView(pathname: string, scopeValue: string | undefined, hl: string): void {
  const scope = parseScope(scopeValue);
  void call(appView, {
    query: {
      dl: pathname.slice(0, 2000),
      av: APP_VERSION,
      hl,
      ...(scope ? { eid: scope.examId, aeid: scope.examId } : {}),
    },
  }).catch(() => undefined);
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call a stand-in provider script received: which page load, in what order, with what arguments. */
export interface PixelCall {
  provider: string;
  load: number;
  seq: number;
  args: unknown[];
}

/**
 * A local stand-in of the ad providers' script hosts (PIXEL_SCRIPT_ORIGIN): serves a fake `fbevents.js` that
 * takes over the page's `fbq` queue like Meta's does and reports every call back as an image request (as the
 * real pixel reports to facebook.com/tr). Records every request it gets, so a test can prove there were none.
 */
export async function startPixelStandIn(): Promise<{
  origin: string;
  requests: string[];
  calls: () => PixelCall[];
  close: () => Promise<void>;
}> {
  const requests: string[] = [];
  const received: PixelCall[] = [];
  let loads = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(url.pathname + url.search);
    if (url.pathname === '/fbevents.js') {
      loads += 1;
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      res.end(metaScript(origin, loads));
      return;
    }
    if (url.pathname === '/collect') {
      received.push({
        provider: url.searchParams.get('p') ?? '',
        load: Number(url.searchParams.get('load')),
        seq: Number(url.searchParams.get('seq')),
        args: JSON.parse(url.searchParams.get('d') ?? '[]') as unknown[],
      });
      res.writeHead(204);
      res.end();
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    // Image requests may overtake each other: the order is the page load's, then the call's.
    calls: () => [...received].sort((a, b) => a.load - b.load || a.seq - b.seq),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function metaScript(origin: string, load: number): string {
  return `(function () {
  var seq = 0;
  function send(args) {
    var img = new Image();
    img.src = ${JSON.stringify(origin)} + '/collect?p=meta&load=${load}&seq=' + seq++ + '&d=' + encodeURIComponent(JSON.stringify(args));
  }
  var fbq = window.fbq;
  if (!fbq) return;
  var queued = fbq.queue || [];
  fbq.queue = [];
  fbq.callMethod = function () { send(Array.prototype.slice.call(arguments)); };
  for (var i = 0; i < queued.length; i++) send(Array.prototype.slice.call(queued[i]));
})();
`;
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

/** Request counts and latency sums per method, route and status class, kept by this instance since its start. */
interface RouteStats {
  count: number;
  seconds: number;
}

const label = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const digest = (v: string) => createHash('sha256').update(v).digest();

/**
 * `GET /metrics` in the Prometheus text format (issue 13): request rate and latency by route, payments by
 * outcome, queue depths and mail failures. Off unless METRICS_TOKEN is set; then only with that bearer
 * token (compared in constant time). Request figures are this instance's; the rest come from the database.
 */
export type RequestStats = Map<string, RouteStats>;

/** Counts every response of the app; installed on the root instance before any route, so it sees them all. */
export function installRequestMetrics(app: FastifyInstance): RequestStats {
  const routes: RequestStats = new Map();
  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern, never the raw URL: no order numbers or tokens, and a bounded set of series.
    const route = req.routeOptions.url ?? 'unmatched';
    const key = `${req.method} ${route} ${Math.floor(reply.statusCode / 100)}xx`;
    const s = routes.get(key) ?? { count: 0, seconds: 0 };
    s.count += 1;
    s.seconds += reply.elapsedTime / 1000;
    routes.set(key, s);
  });
  return routes;
}

/** The figures the metrics endpoint reads, each from its table's owner. */
export interface MetricCounts {
  payments(): Promise<{ status: string; n: number }[]>;
  outbox(): Promise<{ status: string; n: number }[]>;
  dueSubscriptions(now: number): Promise<number>;
}

export function metricsRoutes(
  app: FastifyInstance,
  d: { counts: MetricCounts; clock: Clock; token: string; routes: RequestStats },
): void {
  const { routes } = d;
  app.get('/metrics', async (req, reply) => {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), digest(d.token))) throw new AppError('NOT_FOUND');
    const [payments, outbox, due] = await Promise.all([
      d.counts.payments(),
      d.counts.outbox(),
      d.counts.dueSubscriptions(d.clock.now()),
    ]);
    const lines = [
      '# HELP mindgauge_http_requests_total HTTP requests answered by this instance, by route and status class.',
      '# TYPE mindgauge_http_requests_total counter',
      '# HELP mindgauge_http_request_duration_seconds_sum Time spent answering them, in seconds.',
      '# TYPE mindgauge_http_request_duration_seconds_sum counter',
    ];
    for (const [key, s] of routes) {
      const [method, route, status] = key.split(' ') as [string, string, string];
      const labels = `method="${label(method)}",route="${label(route)}",status="${status}"`;
      lines.push(`mindgauge_http_requests_total{${labels}} ${s.count}`);
      lines.push(`mindgauge_http_request_duration_seconds_sum{${labels}} ${s.seconds.toFixed(6)}`);
    }
    lines.push('# HELP mindgauge_payments Payments by outcome.', '# TYPE mindgauge_payments gauge');
    for (const p of payments) lines.push(`mindgauge_payments{status="${label(p.status)}"} ${Number(p.n)}`);
    lines.push('# HELP mindgauge_mail_outbox E-mails by state (pending and sending: the queue; failed: given up).');
    lines.push('# TYPE mindgauge_mail_outbox gauge');
    for (const m of outbox) lines.push(`mindgauge_mail_outbox{status="${label(m.status)}"} ${Number(m.n)}`);
    lines.push('# HELP mindgauge_subscriptions_due Subscriptions whose scheduled work is due.');
    lines.push('# TYPE mindgauge_subscriptions_due gauge', `mindgauge_subscriptions_due ${due}`);
    return reply
      .type('text/plain; version=0.0.4; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`${lines.join('\n')}\n`);
  });
}

import autocannon from 'autocannon';

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers that were not 2xx or 304. */
  bad: number;
  bytesPerRequest: number;
}

/**
 * `connections` keep-alive connections sending requests for `seconds` (autocannon, loopback only),
 * with a browser's Accept-Encoding so that compression is part of what is measured.
 */
export async function hammer(
  url: string,
  options: {
    connections?: number;
    seconds?: number;
    headers?: Record<string, string>;
    /** Each request's path and query, when they must differ (so no cached answer is reused). */
    nextPath?: () => string;
    /** A JSON body, sent with POST. */
    json?: unknown;
  } = {},
): Promise<LoadResult> {
  const { connections = 100, seconds = 5, headers = {}, nextPath, json } = options;
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url))
    throw new Error('Load is only ever sent to loopback');
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: {
      'accept-encoding': 'gzip, deflate, br',
      accept: 'application/json',
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(json === undefined ? {} : { method: 'POST' as const, body: JSON.stringify(json) }),
    ...(nextPath ? { requests: [{ setupRequest: (req) => ({ ...req, path: nextPath() }) }] } : {}),
  });
  const good = result['2xx'] + (result.statusCodeStats?.['304']?.count ?? 0);
  return {
    perSecond: Math.round(good / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    bad: result.non2xx - (result.statusCodeStats?.['304']?.count ?? 0),
    bytesPerRequest: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

export interface ServerEvent {
  event: string;
  data: string;
}

/** A minimal server-sent events reader over fetch, for tests and benchmarks. */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const received: ServerEvent[] = [];
  const comments: string[] = [];
  const waiters: (() => void)[] = [];
  let retry: number | null = null;
  let ended = false;

  const pump = async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('retry:')) retry = Number(line.slice(6));
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (data.length > 0) received.push({ event, data: data.join('\n') });
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      // aborted
    }
    ended = true;
    waiters.splice(0).forEach((w) => w());
  };
  void pump();

  let consumed = 0;
  return {
    status: res.status,
    headers: res.headers,
    received,
    comments,
    get retry() {
      return retry;
    },
    get ended() {
      return ended;
    },
    /** The next event not yet returned, waiting for it up to `timeoutMs`. */
    async next(timeoutMs = 5_000): Promise<ServerEvent> {
      const deadline = Date.now() + timeoutMs;
      while (consumed >= received.length) {
        if (ended) throw new Error('the stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received[consumed++]!;
    },
    /** Waits until the server ends the stream. */
    async waitForEnd(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!ended) {
        if (Date.now() > deadline) throw new Error('the stream did not end');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 50);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close() {
      controller.abort();
    },
  };
}

/**
 * Opens the track page's live stream as the page does: the stream token is POSTed, the answer
 * sets the cookie that authorises that application's stream URL (no token in any URL).
 */
export async function openTrackStream(
  baseUrl: string,
  streamToken: string,
  headers: Record<string, string> = {},
) {
  const access = await fetch(`${baseUrl}/api/track/stream-access`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: streamToken }),
  });
  if (!access.ok) throw new Error(`stream access refused: ${access.status}`);
  const { url } = (await access.json()) as { url: string };
  const cookie = access.headers.getSetCookie()[0]!.split(';')[0]!;
  return openEventStream(`${baseUrl}${url}`, { cookie, ...headers });
}

import type { FastifyReply, FastifyRequest } from 'fastify';

export interface SseStream {
  /** Sends one event; `json` is already serialised (one serialisation for many streams). */
  send(event: string, json: string): void;
  close(): void;
  onClose(listener: () => void): void;
}

export interface SseOptions {
  retryMs?: number;
  heartbeatMs?: number;
  /** Ends the stream after this long; the browser reconnects and is authorised again. */
  maxAgeMs?: number;
}

/** A slow reader past this much unsent data is dropped; it reconnects and refetches. */
const maxBufferedBytes = 1024 * 1024;

/** Every open stream of one server instance, so closing the app ends them instead of waiting. */
export class SseStreams {
  private readonly open = new Set<SseStream>();

  get size() {
    return this.open.size;
  }

  /**
   * Answers the request with a server-sent event stream. The reply is taken over from Fastify, so
   * no compression or other onSend hook touches it; the headers set so far are kept.
   */
  start(req: FastifyRequest, reply: FastifyReply, options: SseOptions = {}): SseStream {
    const { retryMs = 3000, heartbeatMs = 25_000, maxAgeMs = 15 * 60_000 } = options;
    const raw = reply.raw;
    const open = this.open;
    const closeListeners: (() => void)[] = [];
    let closed = false;

    reply.hijack();
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && name !== 'content-length') headers[name] = value;
    }
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.write(`retry: ${retryMs}\n\n`);

    const write = (text: string) => {
      if (closed) return;
      if (raw.writableLength > maxBufferedBytes) return stream.close();
      raw.write(text);
    };
    const heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs);
    const maxAge = setTimeout(() => stream.close(), maxAgeMs);

    const stream: SseStream = {
      send(event, json) {
        write(`event: ${event}\ndata: ${json}\n\n`);
      },
      close() {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(maxAge);
        open.delete(stream);
        closeListeners.splice(0).forEach((listener) => listener());
        if (!raw.writableEnded) raw.end();
      },
      onClose(listener) {
        if (closed) listener();
        else closeListeners.push(listener);
      },
    };
    open.add(stream);
    req.raw.once('close', () => stream.close());
    raw.once('close', () => stream.close());
    return stream;
  }

  closeAll(): void {
    for (const stream of [...this.open]) stream.close();
  }
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers with a live stream that never ends by itself (tests that inject every route skip it). */
    liveStream?: boolean;
  }
}

/** Route options of every live-stream route: `app.get(url, { ...liveStreamRoute, preHandler }, handler)`. */
export const liveStreamRoute = { config: { liveStream: true } };

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
  /** Who holds the stream, for the caps: the client address, the account, the application. */
  holders?: Partial<Record<StreamHolder, string>>;
}

export type StreamHolder = 'client' | 'account' | 'application';

/** Most streams one instance keeps open per holder (finding 7); a holder without a cap is not counted. */
export type StreamCaps = Partial<Record<StreamHolder, number>>;

export const tooManyStreams = () =>
  new AppError(
    'TOO_MANY_STREAMS',
    429,
    'Too many live updates are open. Close some other tabs or windows and try again.',
  );

/**
 * The last event as bytes: a change goes out to every stream watching it, so it is framed and
 * encoded once, not once per stream (10,000 copies of a 3 KB record otherwise).
 */
class LastFrame {
  private event = '';
  private json = '';
  private bytes = Buffer.alloc(0);

  of(event: string, json: string): Buffer {
    if (event !== this.event || json !== this.json) {
      this.event = event;
      this.json = json;
      this.bytes = Buffer.from(`event: ${event}\ndata: ${json}\n\n`);
    }
    return this.bytes;
  }
}

/** A slow reader past this much unsent data is dropped; it reconnects and refetches. */
const maxBufferedBytes = 1024 * 1024;

/** Every open stream of one server instance, so closing the app ends them instead of waiting. */
export class SseStreams {
  private readonly open = new Set<SseStream>();
  private readonly held = new Map<string, number>();
  private readonly lastFrame = new LastFrame();

  constructor(private readonly caps: StreamCaps = {}) {}

  /** Open streams of one holder, e.g. `countOf('application', id)`. */
  countOf(holder: StreamHolder, id: string): number {
    return this.held.get(`${holder}:${id}`) ?? 0;
  }

  /** Counts the stream against each capped holder, or throws 429 when one is at its cap. */
  private hold(holders: SseOptions['holders'] = {}): () => void {
    const keys = (Object.entries(holders) as [StreamHolder, string][])
      .filter(([holder]) => this.caps[holder] !== undefined)
      .map(([holder, id]) => ({ key: `${holder}:${id}`, cap: this.caps[holder]! }));
    if (keys.some(({ key, cap }) => (this.held.get(key) ?? 0) >= cap)) throw tooManyStreams();
    for (const { key } of keys) this.held.set(key, (this.held.get(key) ?? 0) + 1);
    return () => {
      for (const { key } of keys) {
        const left = (this.held.get(key) ?? 1) - 1;
        if (left > 0) this.held.set(key, left);
        else this.held.delete(key);
      }
    };
  }

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
    if (!req.routeOptions.config.liveStream)
      throw new Error(
        `${req.routeOptions.url} starts a live stream without liveStreamRoute in its options`,
      );
    const release = this.hold(options.holders);

    reply.hijack();
    // A stream is quiet between heartbeats: the idle timeout is for requests, not for it.
    req.raw.socket?.setTimeout(0);
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && name !== 'content-length') headers[name] = value;
    }
    // The body ends when the connection closes (no chunked framing): each event is then one write
    // straight to the socket, which is what 10,000 streams of one application cost per change.
    raw.useChunkedEncodingByDefault = false;
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'close',
    });
    raw.flushHeaders();
    const socket = raw.socket;
    const output = socket ?? raw;

    const frames = this.lastFrame;
    const write = (text: string | Buffer) => {
      if (closed) return;
      if (output.writableLength > maxBufferedBytes) return stream.close();
      output.write(text);
    };
    write(`retry: ${retryMs}\n\n`);
    const heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs);
    const maxAge = setTimeout(() => stream.close(), maxAgeMs);

    const stream: SseStream = {
      send(event, json) {
        write(frames.of(event, json));
      },
      close() {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(maxAge);
        open.delete(stream);
        release();
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

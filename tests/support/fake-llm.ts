import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OpenAI-compatible chat completions server for tests. It fakes a hosted language model
 * (a third-party service we cannot run here): each test says what it answers.
 */
export interface FakeChatRequest {
  authorization: string | undefined;
  model: string;
  system: string;
  user: string;
}

export type FakeReply = { content: string } | { status: number } | { hang: true } | { raw: string };

export async function startFakeLlm() {
  const requests: FakeChatRequest[] = [];
  let answer: (request: FakeChatRequest) => FakeReply = () => ({ content: '{}' });
  const open = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(text) as {
        model: string;
        messages: { role: string; content: string }[];
      };
      const request: FakeChatRequest = {
        authorization: req.headers.authorization,
        model: body.model,
        system: body.messages.find((m) => m.role === 'system')?.content ?? '',
        user: body.messages.find((m) => m.role === 'user')?.content ?? '',
      };
      requests.push(request);
      const reply = answer(request);
      if ('hang' in reply) {
        open.add(res);
        return;
      }
      if ('status' in reply) {
        res
          .writeHead(reply.status, { 'content-type': 'application/json' })
          .end('{"error":"fake failure"}');
        return;
      }
      const payload =
        'raw' in reply
          ? reply.raw
          : JSON.stringify({
              id: 'fake',
              object: 'chat.completion',
              choices: [
                {
                  index: 0,
                  message: { role: 'assistant', content: reply.content },
                  finish_reason: 'stop',
                },
              ],
            });
      res.writeHead(200, { 'content-type': 'application/json' }).end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    answer(fn: (request: FakeChatRequest) => FakeReply) {
      answer = fn;
    },
    async close() {
      for (const res of open) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

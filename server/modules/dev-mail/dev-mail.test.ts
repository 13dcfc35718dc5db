import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { renderMail } from '../../lib/mailer/index.ts';
import type { OutboxMessage } from '../../lib/mailer/dev-outbox.ts';
import { devMailRoutes } from './routes.ts';

const ctx = useTestApp();
const to = 'reader@example.test';

beforeAll(async () => {
  const content = renderMail({
    subject: 'Hello <there>',
    heading: 'A heading',
    paragraphs: ['First <b>paragraph</b>.'],
    action: { label: 'Open', url: 'http://localhost:3000/track?x=1&y=2' },
  });
  await ctx.app.mailer.enqueue(ctx.app.db, { to, ...content });
  await ctx.app.mailer.flush();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('the dev outbox', () => {
  it('lists messages as JSON for tests, newest first, with both parts', async () => {
    const res = await get('/dev/mail/api/messages');
    expect(res.statusCode).toBe(200);
    const [message] = res.json<OutboxMessage[]>();
    expect(message).toMatchObject({
      to,
      subject: 'Hello <there>',
      from: expect.stringContaining('UK Study Portal'),
    });
    expect(message!.text).toContain('http://localhost:3000/track?x=1&y=2');
    expect(message!.html).toContain('href="http://localhost:3000/track?x=1&amp;y=2"');
    expect(message!.html).toContain('First &lt;b&gt;paragraph&lt;/b&gt;.');
    expect((await get(`/dev/mail/api/messages/${message!.id}`)).json()).toEqual(message);
  });

  it('shows a list page and a message page, escaping what the message says', async () => {
    const list = await get('/dev/mail');
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain('Hello &lt;there&gt;');
    const [message] = (await get('/dev/mail/api/messages')).json<OutboxMessage[]>();
    const page = await get(`/dev/mail/${message!.id}`);
    expect(page.body).toContain(
      `<iframe title="HTML part of the message" src="/dev/mail/${message!.id}/html" sandbox="allow-popups allow-popups-to-escape-sandbox">`,
    );
    expect(page.body).not.toContain('<b>paragraph</b>');
    // The text part's address is a link to a new tab, escaped like the rest.
    expect(page.body).toContain(
      '<a href="http://localhost:3000/track?x=1&amp;y=2" target="_blank" rel="noopener noreferrer">http://localhost:3000/track?x=1&amp;y=2</a>',
    );
    expect(page.headers['content-security-policy']).toContain("style-src 'self'");
    expect((await get('/dev/mail/outbox.css')).headers['content-type']).toContain('text/css');
  });

  it('serves the HTML part sandboxed: its own inline styles, no scripts, framed only by us', async () => {
    const [message] = (await get('/dev/mail/api/messages')).json<OutboxMessage[]>();
    const html = await get(`/dev/mail/${message!.id}/html`);
    expect(html.body).toContain('<head><base target="_blank">');
    expect(
      html.body.replace('<base target="_blank"><meta name="referrer" content="no-referrer">', ''),
    ).toBe(message!.html);
    const csp = html.headers['content-security-policy'] as string;
    // Links open in a new tab outside the sandbox; scripts, forms and same-origin access stay off.
    expect(csp).toContain('sandbox allow-popups allow-popups-to-escape-sandbox');
    expect(csp).not.toMatch(/allow-scripts|allow-same-origin|allow-forms/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await get('/dev/mail/api/messages/20250101T000000000Z-00000000')).statusCode).toBe(404);
    expect((await get('/dev/mail/api/messages/..%2F..%2Fauth-secret')).statusCode).toBe(404);
    expect((await get('/dev/mail/not-an-id')).statusCode).toBe(404);
  });

  it('does not exist in production', async () => {
    const app = Fastify({ logger: false });
    app.decorate('config', { ...ctx.config, isProduction: true });
    await app.register(devMailRoutes);
    expect((await app.inject({ method: 'GET', url: '/dev/mail/api/messages' })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
    await app.close();
  });

  it('answers loopback clients only: anyone else finds nothing there (finding 15)', async () => {
    const [message] = (await get('/dev/mail/api/messages')).json<OutboxMessage[]>();
    for (const url of [
      '/dev/mail',
      '/dev/mail/api/messages',
      `/dev/mail/${message!.id}`,
      `/dev/mail/${message!.id}/html`,
    ]) {
      for (const remoteAddress of [
        '203.0.113.9',
        '10.0.0.2',
        '::ffff:192.168.1.5',
        '2001:db8::1',
      ]) {
        const res = await ctx.app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(res.body).not.toContain(to);
      }
      for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
        expect(
          (await ctx.app.inject({ method: 'GET', url, remoteAddress })).statusCode,
          `${url} from ${remoteAddress}`,
        ).toBe(200);
      }
    }
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../shared/locales.ts';
import { createApplicationFields, multipartBody } from '../factories/application.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';
import { linkIn, waitForMail } from './outbox.ts';

/** Issue 22 finding 6: past the limit, the track page's conversation says to wait, in the reader's language. */
const { open, baseUrl } = useBrowser();

const words = (locale: Locale) =>
  JSON.parse(
    readFileSync(new URL(`../../web/i18n/lang/${locale}.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;

/** An application sent signed out, its tracking link, and the token the link carries. */
async function submitted() {
  const fields = createApplicationFields();
  const { payload, contentType } = multipartBody(fields);
  const res = await fetch(`${baseUrl}/api/applications`, {
    method: 'POST',
    body: payload,
    headers: { 'content-type': contentType },
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const link = new URL(
    linkIn(await waitForMail(fields.email as string, /received your application/i)),
  );
  const token = new URLSearchParams(link.hash.slice(1)).get('t')!;
  return { id, link, token };
}

describe('too many messages from one application', () => {
  it(
    'the conversation says to wait a few minutes, in English and in Arabic, and keeps the text typed',
    { timeout: 120_000 },
    async () => {
      const { id, link, token } = await submitted();
      // the day's twenty messages (MESSAGES_PER_APPLICATION) sent as the track page sends them
      for (let i = 0; i < 20; i++) {
        const sent = await fetch(`${baseUrl}/api/applications/${id}/messages`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
            origin: baseUrl,
          },
          body: JSON.stringify({ body: `Question ${i + 1}` }),
        });
        expect(sent.status).toBe(201);
      }

      for (const [locale, viewport] of [
        ['en', 'desktop'],
        ['ar', 'phone'],
      ] as const) {
        const t = words(locale);
        const path = `${link.pathname}${locale === 'en' ? '' : `?lang=${locale}`}${link.hash}`;
        const { page } = await open(path, viewport);
        const chat = page.getByRole('region', {
          name: new RegExp(t['casework.track.messagesTitle']!),
        });
        await chat.getByText('Question 20', { exact: true }).waitFor();
        await chat.getByLabel(t['casework.conversation.messageLabel']!).fill('One more question');
        await chat.getByRole('button', { name: t['casework.conversation.send'] }).click();
        await chat.getByText(t['casework.conversation.tooMany']!).waitFor();
        // nothing was sent, and what the person typed is still there to send later
        const messages = chat.getByRole('listitem');
        expect(await messages.filter({ hasText: 'Question 20' }).count()).toBe(1);
        expect(await messages.filter({ hasText: 'One more question' }).count()).toBe(0);
        expect(await chat.getByLabel(t['casework.conversation.messageLabel']!).inputValue()).toBe(
          'One more question',
        );
        await screenshot(
          page,
          `conversation-too-many-${viewport === 'phone' ? 390 : 1280}-${locale}`,
        );
        await expectNoSeriousAxeViolations(page);
      }
    },
  );
});

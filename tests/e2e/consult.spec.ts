import { describe, expect, it } from 'vitest';
import type { Consultant } from '../../shared/schemas/catalogue.ts';
import type { SiteConfig } from '../../shared/schemas/site.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';

const browser = useBrowser();

describe('/free', () => {
  it('shows four consultants, each with their own WhatsApp number and video room, and says what each button does', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const { page, problems } = await browser.open('/free', viewport);
      await expect.poll(() => page.title()).toBe('Free consultation | UK Study Portal');
      const site = (await (await page.request.get('/api/site')).json()) as SiteConfig;
      const consultants = (await (
        await page.request.get('/api/consultants')
      ).json()) as Consultant[];
      expect(consultants).toHaveLength(4);
      // Four different numbers and rooms, none of them the provider's (item 3 of issue 15).
      expect(new Set(consultants.map((c) => c.whatsappNumber)).size).toBe(4);
      expect(consultants.map((c) => c.whatsappNumber)).not.toContain(site.whatsappNumber);
      const firstFree = page.getByRole('link', { name: 'Book the first free consultant' });
      expect(await firstFree.getAttribute('href')).toBe('/free/book/any');

      for (const consultant of consultants) {
        const card = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: consultant.name }) });
        await card.getByRole('img', { name: `Photo of ${consultant.name}` }).waitFor();
        await card.getByText(consultant.role.en, { exact: true }).waitFor();
        await card.getByText(consultant.nationality.en, { exact: true }).waitFor();
        const firstName = consultant.name.split(' ')[0]!;

        const book = card.getByRole('link', { name: `Book a time with ${consultant.name}` });
        expect(await book.getAttribute('href')).toBe(`/free/book/${consultant.id}`);
        const chat = card.getByRole('link', { name: /^Start WhatsApp Call/ });
        const greeting = `Hello ${consultant.name}, I would like to book a free consultation about studying in the UK.`;
        expect(await chat.getAttribute('href')).toBe(
          `https://wa.me/${consultant.whatsappNumber!.replace(/\D/g, '')}?text=${encodeURIComponent(greeting)}`,
        );
        expect(await chat.getAttribute('target')).toBe('_blank');
        expect(await chat.getAttribute('rel')).toBe('noopener noreferrer');
        await card
          .getByText(`Opens WhatsApp with ${firstName}’s own number`, { exact: false })
          .waitFor();

        // D19: a fresh private room from the server each time, never a fixed one
        const meeting = card.getByRole('button', { name: /^Start Meeting/ });
        const form = meeting.locator('xpath=ancestor::form');
        expect(await form.getAttribute('action')).toBe('/api/meetings');
        expect(await form.getAttribute('target')).toBe('_blank');
        await card.getByText('Opens a new private video room', { exact: false }).waitFor();
      }
      expect(
        await page.$$eval('a[href]', (links) => links.map((a) => a.getAttribute('href'))),
      ).not.toContainEqual(expect.stringContaining(site.meetingBaseUrl));
      await screenshot(page, viewport === 'phone' ? 'free-390' : 'free-1280-cards');
      await expectNoSeriousAxeViolations(page);
      expect(problems).toEqual([]);
    }
  });

  it('opens the chat in a new tab without touching the page', async () => {
    const { page, context } = await browser.open('/free');
    await context.route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, body: 'chat' }),
    );
    const chat = page.getByRole('link', { name: /^Start WhatsApp Call/ }).first();
    const [popup] = await Promise.all([context.waitForEvent('page'), chat.click()]);
    expect(popup.url()).toMatch(/^https:\/\/wa\.me\/\d+\?text=Hello%20/);
    expect(page.url()).toMatch(/\/free$/);
    await screenshot(page, 'free-1280');
  });
});

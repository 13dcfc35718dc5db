import { describe, expect, it } from 'vitest';
import type { Consultant } from '../../shared/schemas/catalogue.ts';
import type { SiteConfig } from '../../shared/schemas/site.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';

const browser = useBrowser();

describe('/free', () => {
  it('shows four consultants, each with a WhatsApp chat greeting them by name and a video room of their own', async () => {
    const { page, problems } = await browser.open('/free', 'phone');
    await expect.poll(() => page.title()).toBe('Free consultation | UK Study Portal');
    const site = (await (await page.request.get('/api/site')).json()) as SiteConfig;
    const consultants = (await (await page.request.get('/api/consultants')).json()) as Consultant[];
    expect(consultants).toHaveLength(4);
    const digits = site.whatsappNumber.replace(/\D/g, '');

    for (const consultant of consultants) {
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: consultant.name }) });
      await card.getByRole('img', { name: `Photo of ${consultant.name}` }).waitFor();
      await card.getByText(consultant.role, { exact: true }).waitFor();
      await card.getByText(consultant.nationality, { exact: true }).waitFor();

      const chat = card.getByRole('link', { name: /^Start WhatsApp Call/ });
      const greeting = `Hello ${consultant.name}, I would like to book a free consultation about studying in the UK.`;
      expect(await chat.getAttribute('href')).toBe(`https://wa.me/${digits}?text=${encodeURIComponent(greeting)}`);
      expect(await chat.getAttribute('target')).toBe('_blank');
      expect(await chat.getAttribute('rel')).toBe('noopener noreferrer');

      const meeting = card.getByRole('link', { name: /^Start Meeting/ });
      const href = (await meeting.getAttribute('href'))!;
      expect(href.startsWith(site.meetingBaseUrl)).toBe(true);
      expect(href).toContain(consultant.name.replace(/\s+/g, '-'));
      expect(await meeting.getAttribute('target')).toBe('_blank');
      expect(await meeting.getAttribute('rel')).toBe('noopener noreferrer');
    }
    await screenshot(page, 'free-390');
    await expectNoSeriousAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it('opens the chat in a new tab without touching the page', async () => {
    const { page, context } = await browser.open('/free');
    await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, body: 'chat' }));
    const chat = page.getByRole('link', { name: /^Start WhatsApp Call/ }).first();
    const [popup] = await Promise.all([context.waitForEvent('page'), chat.click()]);
    expect(popup.url()).toMatch(/^https:\/\/wa\.me\/\d+\?text=Hello%20/);
    expect(page.url()).toMatch(/\/free$/);
    await screenshot(page, 'free-1280');
  });
});

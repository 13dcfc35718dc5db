import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../shared/schemas/site.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';

const browser = useBrowser();

describe('home page', () => {
  it('states the guidance promise with ways to pick universities and book a consultation', async () => {
    const { page, problems } = await browser.open('/', 'phone');
    await expect.poll(() => page.title()).toBe('UK Study Portal');
    // D12: no screen claims AI where none runs; the guidance is rule-based
    await page
      .getByRole('heading', { level: 1, name: 'Study in the UK with guidance you can check' })
      .waitFor();
    expect(await page.getByText(/\bAI\b/).count()).toBe(0);
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Get guidance' }).getAttribute('href')).toBe(
      '/guide',
    );
    expect(
      await main.getByRole('link', { name: /Choose your universities/ }).getAttribute('href'),
    ).toBe('/universities');
    expect(
      await main.getByRole('link', { name: 'Book a free consultation' }).getAttribute('href'),
    ).toBe('/free');

    const steps = page.getByRole('region', { name: 'How it works' }).getByRole('listitem');
    expect(await steps.count()).toBe(4);
    const stepTitles = await page
      .getByRole('region', { name: 'How it works' })
      .getByRole('heading', { level: 3 })
      .allTextContents();
    expect(stepTitles).toEqual([
      'Pick 3 universities',
      'Choose a program',
      'Apply with documents',
      'Track it live',
    ]);
    await screenshot(page, 'home-390');
    await expectNoSeriousAxeViolations(page);

    await main.getByRole('link', { name: 'Book a free consultation' }).click();
    await page.waitForURL('**/free');
    expect(problems).toEqual([]);
  });

  it('shows three Latest Updates, each opening its configured page in a new tab', async () => {
    const { page, problems } = await browser.open('/');
    const site = (await (await page.request.get('/api/site')).json()) as SiteConfig;
    const updates = page.getByRole('region', { name: 'Latest Updates' });
    await updates.getByRole('heading', { level: 3 }).first().waitFor();
    expect(await updates.getByRole('heading', { level: 3 }).count()).toBe(3);
    for (const update of site.latestUpdates) {
      const link = updates.getByRole('link', { name: new RegExp(`^${update.title.en}`) });
      expect(await link.getAttribute('href')).toBe(update.url);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(site.latestUpdates.map((u) => u.key)).toEqual(['visa', 'accommodation', 'scholarships']);
    await screenshot(page, 'home-1280');
    await expectNoSeriousAxeViolations(page);
    expect(problems).toEqual([]);
  });
});

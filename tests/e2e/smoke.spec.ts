import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, useBrowser } from './browser.ts';

const browser = useBrowser();

describe('the portal in a browser', () => {
  it('opens the home page with its promise and a way to pick universities', async () => {
    const { page, problems } = await browser.open('/');
    await expect.poll(() => page.title()).toBe('UK Study Portal');
    await page
      .getByRole('heading', { level: 1, name: 'Study in the UK with guidance you can check' })
      .waitFor();
    await page.getByRole('link', { name: /choose your universities/i }).click();
    await page.waitForURL('**/universities');
    await page.getByRole('heading', { name: 'Imperial College London' }).waitFor();
    expect(await page.getByText(/UK rank/).count()).toBeGreaterThanOrEqual(25);
    expect(problems).toEqual([]);
  });

  it('shows a friendly 404 for an unknown page', async () => {
    const { page } = await browser.open('/no-such-page');
    await page.getByRole('heading', { name: 'We couldn’t find that page' }).waitFor();
    await expectNoSeriousAxeViolations(page);
  });
});

import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../shared/schemas/site.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';

const browser = useBrowser();

describe('navigation, footer and the Speak to Us button', () => {
  it('has a mobile menu with the pages and Login and Register, closing on a choice or Escape', async () => {
    const { page, problems } = await browser.open('/', 'phone');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menuButton = nav.getByRole('button', { name: 'Open menu' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await menuButton.click();
    const menu = page.locator('#mobile-menu');
    for (const name of [
      'Universities',
      'Programs',
      'Free Consultation',
      'Join Our Network',
      'Track Application',
      'Login',
      'Register',
    ]) {
      await menu.getByRole('link', { name, exact: true }).waitFor();
    }
    await screenshot(page, 'layout-menu-390');
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await nav.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Programs', exact: true }).click();
    await page.waitForURL('**/programs');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => page.title()).toBe('Programs | UK Study Portal');
    expect(problems).toEqual([]);
  });

  it('keeps the nav in view, and every page has its own title', async () => {
    const { page } = await browser.open('/universities');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, title] of [
      ['Universities', 'Choose 3 universities | UK Study Portal'],
      ['Programs', 'Programs | UK Study Portal'],
      ['Free Consultation', 'Free consultation | UK Study Portal'],
      ['Join Our Network', 'Join Our Network | UK Study Portal'],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect.poll(() => page.title()).toBe(title);
      expect(await nav.getByRole('link', { name, exact: true }).getAttribute('aria-current')).toBe(
        'page',
      );
    }
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await nav.isVisible()).toBe(true);
    const box = await nav.boundingBox();
    expect(box!.y).toBeLessThanOrEqual(1);
  });

  it('has a footer with quick links, no social icons unless configured, the UK phone and two e-mails, and Speak to Us opens WhatsApp', async () => {
    const { page, problems } = await browser.open('/free');
    const site = (await (await page.request.get('/api/site')).json()) as SiteConfig;
    const footer = page.getByRole('contentinfo');
    const quick = footer.getByRole('navigation', { name: 'Quick links' });
    await quick.getByRole('link').first().waitFor();
    expect(await quick.getByRole('link').count()).toBeGreaterThanOrEqual(4);
    expect(await footer.getByRole('link', { name: /^\+44/ }).getAttribute('href')).toBe(
      `tel:${site.phone}`,
    );
    expect(await footer.getByRole('link', { name: site.emails.general }).getAttribute('href')).toBe(
      `mailto:${site.emails.general}`,
    );
    expect(
      await footer.getByRole('link', { name: site.emails.admissions }).getAttribute('href'),
    ).toBe(`mailto:${site.emails.admissions}`);
    // Social icons show only for accounts the operator configured; the default configuration has none.
    expect(site.social).toEqual([]);
    expect(await footer.getByRole('list', { name: 'Social media' }).count()).toBe(0);
    for (const path of ['/', '/universities', '/programs', '/free', '/refer']) {
      if (path !== '/free') await page.goto(path);
      const speak = page.getByRole('link', { name: /^Speak to Us/ });
      expect(await speak.getAttribute('href')).toBe(
        `https://wa.me/${site.whatsappNumber.replace(/\D/g, '')}`,
      );
      expect(await speak.getAttribute('target')).toBe('_blank');
      expect(await speak.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(problems).toEqual([]);
  });

  it('fits a 360 px wide screen without sideways scrolling on every public page', async () => {
    const { page, problems } = await browser.open('/', 'phone');
    await page.setViewportSize({ width: 360, height: 740 });
    for (const [path, heading] of [
      ['/', 'Study in the UK with guidance you can check'],
      ['/universities', 'Choose 3 universities'],
      ['/programs', 'Programs'],
      ['/free', 'Talk to a consultant for free'],
      ['/refer', 'Join Our Network'],
      ['/refer?form=partner', 'Join Our Network'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.getByRole('link', { name: /^Speak to Us/ }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(360);
    }
    await screenshot(page, 'refer-partner-form-360');
    expect(problems).toEqual([]);
  });

  it('shows a friendly 404 with a way back', async () => {
    const { page, problems } = await browser.open('/no-such-page', 'phone');
    await page.getByRole('heading', { name: 'We couldn’t find that page' }).waitFor();
    await expect.poll(() => page.title()).toBe('Page not found | UK Study Portal');
    await screenshot(page, 'not-found-390');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // the one problem: the browser's note that the address answered 404, as it should
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
  });
});

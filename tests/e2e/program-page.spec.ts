import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations, useBrowser } from './browser.ts';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const programId = 'msc-advanced-computer-science-manchester';

let noScript: Browser;
beforeAll(async () => {
  noScript = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox'],
  });
});
afterAll(async () => noScript?.close());

describe('pages that exist, and ones that do not (issue 26, item 5)', () => {
  it('answers an address that matches nothing, and a program that does not exist, 404 with the friendly page', async () => {
    for (const path of ['/nope', '/programs/nope', '/universities/extra/part']) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html, path).toContain('We couldn’t find that page');
      expect(html, path).toContain('<meta name="robots" content="noindex">');
    }
    const { page } = await browser.open('/programs/nope');
    await page.getByRole('heading', { name: 'We couldn’t find that page' }).waitFor();
    await page.getByRole('link', { name: 'Browse universities' }).click();
    await page.getByRole('heading', { name: 'Choose 3 universities' }).waitFor();
  });

  it('renders a program’s own page in its HTML, before any script runs, with what search engines read', async () => {
    const res = await fetch(`${baseUrl}/programs/${programId}?lang=fr`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<h1[^>]*>MSc Advanced Computer Science<\/h1>/);
    expect(html).toMatch(/<title>MSc Advanced Computer Science, University of Manchester \| /);
    expect(html).toMatch(/<meta name="description" content="MSc Advanced Computer Science [^"]+">/);
    expect(html).toMatch(
      new RegExp(`<link rel="canonical" href="https?://[^"]+/programs/${programId}\\?lang=fr">`),
    );
    for (const tag of ['en-GB', 'zh-CN', 'ar', 'ur', 'hi', 'fr', 'x-default'])
      expect(html).toMatch(
        new RegExp(`<link rel="alternate" hreflang="${tag}" href="[^"]+/programs/${programId}`),
      );

    const context = await noScript.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/programs/${programId}`);
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: 'MSc Advanced Computer Science' }).waitFor();
    expect(await main.innerText()).toMatch(
      /Entry requirements[\s\S]*First-year cost of study in Manchester/,
    );
    expect(
      await main
        .getByRole('link', { name: /Apply Now for MSc Advanced Computer Science/ })
        .getAttribute('href'),
    ).toBe(`/application?program=${programId}`);
    await context.close();
  });

  it('applies from a program’s page with that program chosen, and lists the page in the sitemap', async () => {
    const { page, problems } = await browser.open(`/programs/${programId}`, 'phone');
    expect(problems).toEqual([]);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: /Apply Now for MSc Advanced Computer Science/ }).click();
    await page.waitForURL(/\/application/);
    await page.getByText('MSc Advanced Computer Science', { exact: false }).first().waitFor();
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`/programs/${programId}</loc>`);
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(robots).toMatch(/^Sitemap: .+\/sitemap\.xml$/m);
  });
});

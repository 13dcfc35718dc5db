import { createHash } from 'node:crypto';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.ts';

const browser = useBrowser();
const baseUrl = inject('baseUrl');

/** What each public page shows in its HTML, before any script runs. */
const firstPaint: [path: string, title: string, text: RegExp][] = [
  ['/', 'UK Study Portal', /Study in the UK with/],
  ['/universities', 'Choose 3 universities | UK Study Portal', /Imperial College London/],
  ['/programs', 'Programs | UK Study Portal', /Apply Now/],
  ['/free', 'Free consultation | UK Study Portal', /Amara Okafor/],
  ['/refer', 'Join Our Network | UK Study Portal', /Refer a student/i],
  ['/track', 'Track your application | UK Study Portal', /Track your application/],
  ['/login', 'Login | UK Study Portal', /Password/],
  ['/register', 'Register | UK Study Portal', /Password/],
];

let noScript: Browser;
beforeAll(async () => {
  noScript = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox'],
  });
});
afterAll(async () => noScript?.close());

describe('first paint from HTML', () => {
  it('shows every public page’s content with scripts turned off, with its own title', async () => {
    const context = await noScript.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, title, text] of firstPaint) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      expect(await page.title(), path).toBe(title);
      expect(await page.locator('main').innerText(), path).toMatch(text);
    }
    await page.goto('/universities');
    expect(await page.getByRole('button', { name: /University of Oxford/ }).count()).toBe(1);
    expect(await page.getByText(/UK rank #/).count()).toBeGreaterThanOrEqual(25);
    await context.close();
  });

  it('sends the page as HTML with JSON data blocks and two inline scripts allowed by their hashes, under the strict CSP', async () => {
    const res = await fetch(`${baseUrl}/universities`);
    const html = await res.text();
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(
      /script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/,
    );
    expect(csp).not.toContain('unsafe-inline');
    expect(html).toContain('<script type="application/json" id="page-data">');
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([^<]*)<\/script>/g)];
    expect(inlineScripts.map((m) => m[1])).toEqual([
      '',
      ' type="application/json" id="page-data"',
      ' type="application/json" id="page-code"',
      ' type="application/json" id="page-styles"',
      '',
    ]);
    // the two scripts that run (taps kept in the head, the boot at the end) are the ones the CSP names by their hashes
    for (const script of [inlineScripts[0]![2]!, inlineScripts[4]![2]!])
      expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    // the rules the page uses are in its head, allowed by their hash: no stylesheet holds the
    // first paint back (the whole sheet is listed for the page's code to add)
    expect(html).not.toContain('rel="stylesheet"');
    const style = /<style>([^<]*)<\/style>/.exec(html)![1]!;
    expect(style).toContain('.sticky{');
    const styleSrc = csp.split(';').find((directive) => directive.trim().startsWith('style-src'));
    expect(styleSrc).toBe(
      `style-src 'self' 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
    );
    expect(JSON.parse(/id="page-styles">([^<]*)</.exec(html)![1]!)).toEqual([
      expect.stringMatching(/^\/assets\/index-[\w-]+\.css$/),
    ]);
    // the page's code is fetched by it after the first paint, not by the HTML itself
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const again = await fetch(`${baseUrl}/universities`, {
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('hydrates each page without a mismatch, and the page then responds', async () => {
    for (const [path] of firstPaint) {
      const { page, problems } = await browser.open(path);
      expect(problems, path).toEqual([]);
      await page.context().close();
    }
    const { page } = await browser.open('/universities');
    const oxford = page.getByRole('button', { name: 'University of Oxford', exact: true });
    await oxford.click();
    await expect.poll(() => oxford.getAttribute('aria-pressed')).toBe('true');
  });

  it('answers a form posted before the scripts ran by showing the page again, with nothing in the address', async () => {
    const res = await fetch(`${baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=someone%40example.test&password=secret',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login');
    const html = await (await fetch(`${baseUrl}/login`)).text();
    expect(html).toMatch(/<form method="post"/);
  });
});

import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApplicationFields } from '../factories/application.ts';

/**
 * Issue 26 §1, with JavaScript turned off: a student picks three universities, filters their
 * programs, changes the language and looks an application up, each as plain links and forms
 * the server answers with the page in its new state.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
});
afterAll(async () => browser?.close());

const noScriptPage = async () => {
  const context = await browser.newContext({
    baseURL: baseUrl,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  return context.newPage();
};

async function submittedApplication() {
  const fields = createApplicationFields();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const item of [value].flat()) form.append(name, item);
  const res = await fetch(`${baseUrl}/api/applications`, {
    method: 'POST',
    body: form,
    headers: { origin: baseUrl },
  });
  expect(res.status).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, email: String(fields.email) };
}

describe('with JavaScript off', () => {
  it('picks three universities and filters their programs', async () => {
    const page = await noScriptPage();
    await page.goto('/universities');
    for (const name of [
      'University of Oxford',
      'University of Cambridge',
      'University of Manchester',
    ]) {
      await page.getByRole('button', { name, exact: true }).click();
      await page.waitForLoadState();
      expect(
        await page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed'),
      ).toBe('true');
    }
    expect(new URL(page.url()).searchParams.get('picks')?.split(',')).toHaveLength(3);
    await page
      .getByRole('link', { name: /Continue to Programs/ })
      .first()
      .click();
    await page.waitForURL(/\/programs\?/);
    const picks = new URL(page.url()).searchParams.get('picks');
    expect(picks?.split(',')).toHaveLength(3);

    const masters = page
      .getByRole('group', { name: 'Level' })
      .getByRole('button', { name: 'Masters' });
    await masters.click();
    await page.waitForURL(/level=Masters/);
    expect(
      await page
        .getByRole('group', { name: 'Level' })
        .getByRole('button', { name: 'Masters' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    // the picks stay, and every program listed is a Masters at one of them
    expect(new URL(page.url()).searchParams.get('picks')).toBe(picks);
    const rows = await page.locator('main').innerText();
    expect(rows).toMatch(/\d+ programs?/);
    expect(rows).not.toMatch(/\b(BSc|BA|LLB|MEng) /);
    await page.context().close();
  });

  it('changes the language from the footer, and the pages after it stay in that language', async () => {
    const page = await noScriptPage();
    await page.goto('/programs?level=Masters');
    await page.locator('footer select[data-language-menu]').selectOption('ar');
    await page.getByRole('button', { name: 'Show in this language' }).click();
    await page.waitForURL(/lang=ar/);
    expect(new URL(page.url()).searchParams.get('level')).toBe('Masters');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.goto('/universities');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    await page.context().close();
  });

  it('looks an application up by its id and e-mail, and says so when they do not match', async () => {
    const { id, email } = await submittedApplication();
    const page = await noScriptPage();
    await page.goto('/track');
    await page.getByLabel('Application ID').fill(id);
    await page.getByLabel('Email').fill(`other-${email}`);
    await page.getByRole('button', { name: 'Track application' }).click();
    // (the lookup shows without scripts, in <noscript>, whose text Playwright's getByText skips)
    expect(await page.locator('main').innerText()).toContain(
      'Application not found. Please check your tracking details.',
    );
    expect(new URL(page.url()).search).toBe('');

    await page.getByLabel('Application ID').fill(id);
    await page.getByLabel('Email').fill(email.toUpperCase());
    const answer = page.waitForResponse((res) => res.request().method() === 'POST');
    await page.getByRole('button', { name: 'Track application' }).click();
    const res = await answer;
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('private, no-store');
    await page.getByRole('heading', { level: 2, name: /MSc|BSc|MBA|MA|LLM|MEng/ }).waitFor();
    expect(await page.locator('main').innerText()).toMatch(/Submitted/i);
    // nothing about the applicant in the address
    expect(page.url()).toBe(`${baseUrl}/track`);
    await page.context().close();
  });

  it('refuses a hostile lookup body with the page, never a server error', async () => {
    for (const body of ['', 'applicationId=%00&email=%00', `applicationId=${'x'.repeat(20_000)}`]) {
      const res = await fetch(`${baseUrl}/track`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(res.status, body.slice(0, 30)).toBeLessThan(500);
      if (res.status === 200) expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
  });
});

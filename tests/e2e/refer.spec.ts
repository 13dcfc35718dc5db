import { randomUUID } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../shared/schemas/site.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';

const browser = useBrowser();
const thanks =
  'We will contact you soon. For more details, feel free to reach out to us on WhatsApp.';

const choose = (page: Page, title: 'Refer a Student' | 'Partner with Us') =>
  page.getByRole('link', { name: title, exact: true }).click();
const submit = (page: Page) => page.getByRole('button', { name: 'Submit', exact: true });
const uniqueEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;

function recordPosts(page: Page, path: string) {
  const requests: Request[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === path) requests.push(req);
  });
  return requests;
}

describe('/refer', () => {
  it('offers two cards with meetings, and Back returns to the choice', async () => {
    const { page, problems } = await browser.open('/refer');
    await expect.poll(() => page.title()).toBe('Join Our Network | UK Study Portal');
    await page.getByRole('heading', { level: 1, name: 'Join Our Network' }).waitFor();
    const site = (await (await page.request.get('/api/site')).json()) as SiteConfig;

    // D19: no fixed shared room; each opens a fresh one from the server, in a new tab
    const meetings = page.getByRole('button', { name: /^Start Meeting/ });
    await expect.poll(() => meetings.count()).toBe(2);
    const meetNow = page.getByRole('button', { name: /^Meet Now/ });
    for (const button of [...(await meetings.all()), meetNow]) {
      const form = button.locator('xpath=ancestor::form');
      expect(await form.getAttribute('action')).toBe('/api/meetings');
      expect(await form.getAttribute('target')).toBe('_blank');
      expect(await form.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(
      await page.$$eval('a[href]', (links) => links.map((a) => a.getAttribute('href'))),
    ).not.toContainEqual(expect.stringContaining(site.meetingBaseUrl));
    const speak = page.getByRole('link', { name: /^Speak to Us/ });
    expect(await speak.getAttribute('href')).toBe(
      `https://wa.me/${site.whatsappNumber.replace(/\D/g, '')}`,
    );
    await screenshot(page, 'refer-choose-1280');
    await expectNoSeriousAxeViolations(page);

    await choose(page, 'Partner with Us');
    for (const label of ['Contact Name', 'Business Name', 'Country', 'Phone', 'Email']) {
      await page.getByLabel(label, { exact: true }).waitFor();
    }
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('type')).toBe('email');
    expect(await page.getByLabel('Phone', { exact: true }).getAttribute('type')).toBe('tel');
    await page.getByLabel('Contact Name', { exact: true }).fill('Amira Haddad');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('link', { name: 'Refer a Student', exact: true }).waitFor();
    await expect.poll(() => meetNow.isVisible()).toBe(true);
    await choose(page, 'Partner with Us');
    expect(await page.getByLabel('Contact Name', { exact: true }).inputValue()).toBe(
      'Amira Haddad',
    );
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('link', { name: 'Refer a Student', exact: true }).waitFor();

    await choose(page, 'Refer a Student');
    for (const label of [
      'Your name',
      'Country',
      'Phone',
      'Email',
      'Student’s name',
      'Student’s e-mail',
      'Student’s phone',
      'What they want to study',
    ]) {
      await page.getByLabel(label, { exact: true }).waitFor();
    }
    expect(await page.getByLabel('Business Name').count()).toBe(0);
    await screenshot(page, 'refer-student-form-1280');
    await expectNoSeriousAxeViolations(page);
    await page.goBack();
    await page.getByRole('link', { name: 'Partner with Us', exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it('refuses a form with missing fields, a bad phone or a bad e-mail, saying why and sending nothing', async () => {
    const { page, problems } = await browser.open('/refer?form=student', 'phone');
    const posts = recordPosts(page, '/api/referrals');
    await submit(page).click();
    for (const message of [
      'Your name is required',
      'Choose Country from the list',
      'Phone is required',
      'Email is required',
      'Student’s name is required',
      'What they want to study is required',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('name');
    expect(await page.getByLabel('Your name', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await screenshot(page, 'refer-errors-390');
    await expectNoSeriousAxeViolations(page);

    await page.getByLabel('Your name', { exact: true }).fill('Adaeze Obi');
    await page.getByLabel('Country').selectOption({ label: 'Nigeria' });
    await page.getByLabel('Phone', { exact: true }).fill('12345');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Student’s name', { exact: true }).fill('Chidi Eze');
    await page.getByLabel('What they want to study', { exact: true }).fill('MSc Data Science');
    await submit(page).click();
    await page.getByText(/^Enter a valid phone number with its country code/).waitFor();
    await page.getByText('Enter a valid email address, e.g. name@example.com').waitFor();
    expect(await page.getByText('Your name is required').count()).toBe(0);
    expect(posts).toHaveLength(0);
    expect(problems).toEqual([]);
  });

  it('sends a referral once even on a double click, thanks the student, and Submit Another Form resets everything', async () => {
    const { page, problems } = await browser.open('/refer', 'phone');
    const posts = recordPosts(page, '/api/referrals');
    await page.getByRole('button', { name: /^Meet Now/ }).waitFor();
    await screenshot(page, 'refer-choose-390');
    await choose(page, 'Refer a Student');
    await page.getByLabel('Your name', { exact: true }).fill('Adaeze Obi');
    await page.getByLabel('Country').selectOption('NG');
    await page.getByLabel('Phone', { exact: true }).fill('0803 123 4567');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('referrer'));
    await page.getByLabel('Student’s name', { exact: true }).fill('Chidi Eze');
    await page.getByLabel('Student’s phone', { exact: true }).fill('0803 765 4321');
    await page.getByLabel('What they want to study', { exact: true }).fill('BSc Computer Science');
    const answer = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/referrals');
    await submit(page).dblclick();
    expect((await answer).status()).toBe(201);
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await page.getByText(thanks, { exact: true }).waitFor();
    const keys = new Set(posts.map((req) => req.headers()['idempotency-key']));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    await screenshot(page, 'refer-thanks-390');
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Submit Another Form' }).click();
    await choose(page, 'Refer a Student');
    expect(await page.getByLabel('Your name', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Student’s name', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Country').inputValue()).toBe('');
    expect(problems).toEqual([]);
  });

  it('shows the error message when sending fails, and a retry reuses the same key', async () => {
    const { page, problems } = await browser.open('/refer?form=partner');
    const posts = recordPosts(page, '/api/partnerships');
    let failNext = true;
    await page.route(/\/api\/partnerships(\?|$)/, async (route) => {
      if (!failNext) return route.continue();
      failNext = false;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'UNAVAILABLE',
            message: 'The service is busy. Please try again in a minute.',
          },
        }),
      });
    });
    await page.getByLabel('Contact Name').fill('Priya Sharma');
    await page.getByLabel('Business Name').fill('Bright Futures Education Ltd');
    await page.getByLabel('Country').selectOption({ label: 'India' });
    await page.getByLabel('Phone', { exact: true }).fill('+91 98765 43210');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('partner'));
    await submit(page).click();
    // D17: the screen says the failure in its own words, never the server's English
    await page
      .getByRole('alert')
      .getByText('Something went wrong. Please try again later.')
      .waitFor();
    expect(await page.getByLabel('Contact Name').inputValue()).toBe('Priya Sharma');

    const answer = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/partnerships',
    );
    await submit(page).click();
    expect((await answer).status()).toBe(201);
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers()['idempotency-key']).toBe(posts[0]!.headers()['idempotency-key']);
    // the page's language goes with the request: the partner's invitation is written in it
    expect(new URL(posts[1]!.url()).searchParams.get('lang')).toBe('en');
    await screenshot(page, 'refer-thanks-1280');
    // The refused request is a failure we caused on purpose; the browser logs it.
    expect(problems.filter((p) => !p.includes('503'))).toEqual([]);
  });

  it('has the server refuse a 10,000-character name with the field named', async () => {
    const { page } = await browser.open('/refer');
    const res = await page.request.post('/api/referrals', {
      headers: { 'idempotency-key': randomUUID() },
      data: {
        name: 'x'.repeat(10_000),
        country: 'GB',
        phone: '+44 20 7946 0958',
        email: uniqueEmail('long'),
        studentName: 'Chidi Eze',
        studentEmail: uniqueEmail('student'),
        studyInterest: 'MSc Data Science',
      },
    });
    expect(res.status()).toBe(400);
    expect(Object.keys((await res.json()).error.fields)).toEqual(['name']);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dashboardSteps } from '../../shared/dashboard-steps.ts';
import { chooseInStorage, fillApplicationForm } from './application-helpers.ts';
import { newEmail, registerAccount } from './auth-helpers.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';
import { waitForMail } from './outbox.ts';

/** The e2e server reads the default site configuration: the team's notices go to its address. */
const teamAddress = (
  JSON.parse(readFileSync('config/site.json', 'utf8')) as { teamNoticesTo: string }
).teamNoticesTo;

const browser = useBrowser();

describe('the first hour of a student (issue 15)', () => {
  it('says on the confirmation and in its e-mail how to follow a signed-out application on a dashboard', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const { page, problems } = await browser.open('/', viewport);
      await chooseInStorage(page);
      await page.goto('/application');
      const email = newEmail('applicant');
      await fillApplicationForm(page, { fullName: 'Amaka Obi', email });
      await page.getByRole('button', { name: 'Submit application' }).click();
      await page.getByRole('heading', { name: 'Application submitted' }).waitFor();
      await page.getByText(dashboardSteps.title).waitFor();
      await page.getByText(`with ${email}.`).waitFor();
      await page.getByText(dashboardSteps.openLink).waitFor();
      expect(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
        '/register',
      );
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, `first-hour-submitted-${viewport === 'phone' ? 390 : 1280}`);

      const mail = await waitForMail(email, /received your application/i);
      expect(mail.text).toContain(dashboardSteps.title);
      expect(mail.text).toContain(dashboardSteps.openLink);
      expect(problems).toEqual([]);
    }
  });

  it('tells a signed-in student the application is already on their dashboard', async () => {
    const { email, password } = await registerAccount();
    const { page, problems } = await browser.open('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await chooseInStorage(page);
    await page.goto('/application');
    await fillApplicationForm(page, { fullName: 'Bola Ade' });
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText(dashboardSteps.signedIn).waitFor();
    await page.getByRole('link', { name: 'My Applications' }).last().click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Bola Ade').first().waitFor();
    const mail = await waitForMail(email, /received your application/i);
    expect(mail.text).toContain(dashboardSteps.signedIn);
    expect(problems).toEqual([]);
  });

  it('a referral from the page reaches the team by e-mail, with the student it is about', async () => {
    const { page, problems } = await browser.open('/refer?form=student', 'phone');
    const startedAt = new Date().toISOString();
    await page.getByLabel('Your name', { exact: true }).fill('Kwame Mensah');
    await page.getByLabel('Country').selectOption({ label: 'Ghana' });
    await page.getByLabel('Phone', { exact: true }).fill('+233 24 123 4567');
    await page.getByLabel('Email', { exact: true }).fill(newEmail('referrer'));
    await page.getByLabel('Student’s name', { exact: true }).fill('Esi Boateng');
    await page.getByLabel('Student’s e-mail', { exact: true }).fill(newEmail('student'));
    await page.getByLabel('What they want to study', { exact: true }).fill('MSc Public Health');
    await screenshot(page, 'first-hour-referral-390');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    const notice = await waitForMail(teamAddress, /New student referral/, { after: startedAt });
    expect(notice.text).toContain(
      'Kwame Mensah (Ghana) has referred Esi Boateng, who wants to study MSc Public Health.',
    );
    expect(notice.text).toContain('/staff/requests/referral/');
    expect(problems).toEqual([]);
  });

  it('on a phone, /universities shows the search and a card first, and its one bar never lies over a field', async () => {
    const { page, problems } = await browser.open('/universities', 'phone');
    const search = page.getByLabel('Search universities');
    const firstCard = page
      .getByRole('region', { name: 'Universities' })
      .getByRole('listitem')
      .first();
    await firstCard.waitFor();
    const continueBar = page.locator('[data-bottom-bar]');
    const [searchBox, cardBox, barBox] = await Promise.all([
      search.boundingBox(),
      firstCard.boundingBox(),
      continueBar.boundingBox(),
    ]);
    // The search and a whole card are on the first screen, above the bar fixed at the bottom.
    expect(searchBox!.y + searchBox!.height).toBeLessThan(barBox!.y);
    expect(cardBox!.y + cardBox!.height).toBeLessThanOrEqual(barBox!.y);
    // The picks panel comes after the list.
    const order = await page.evaluate(() => {
      const list = document.querySelector('[aria-label="Universities"]')!;
      const picks = document.getElementById('picks-heading')!;
      return list.compareDocumentPosition(picks) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
    // One bar, one row: the way on and Speak to Us in it, the floating buttons out of the way.
    expect(barBox!.height).toBeLessThanOrEqual(844 * 0.12);
    expect(barBox!.y + barBox!.height).toBe(844);
    expect(await page.locator('[data-floating-dock]').isVisible()).toBe(false);
    const speak = continueBar.getByRole('link', { name: /^Speak to Us on WhatsApp/ });
    expect(await speak.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+$/);
    await screenshot(page, 'first-hour-universities-390');
    await expectNoSeriousAxeViolations(page);

    // While typing, the bar steps aside: what the search finds is never under it.
    await search.focus();
    await expect.poll(() => continueBar.isVisible()).toBe(false);
    await search.fill('London');
    await search.blur();
    await expect.poll(() => continueBar.isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('at 1280 px Speak to Us is the spec’s floating button, in the corner, and on /refer Meet Now is beside it', async () => {
    const { page } = await browser.open('/refer', 'desktop');
    const dock = page.locator('[data-floating-dock]');
    await dock.getByRole('button', { name: /^Meet Now/ }).waitFor();
    await dock.getByRole('link', { name: /^Speak to Us/ }).waitFor();
    const box = (await dock.boundingBox())!;
    expect(box.width).toBeLessThan(400);
    expect(box.height).toBeLessThan(60);
    expect(box.x + box.width).toBeGreaterThan(1280 - 40);
    expect(box.y + box.height).toBeGreaterThan(900 - 40);
    expect(await dock.innerText()).not.toMatch(/Questions about/);
    await screenshot(page, 'first-hour-refer-1280');
    await page.goto('/universities');
    await page
      .getByRole('region', { name: 'Universities' })
      .getByRole('listitem')
      .first()
      .waitFor();
    await dock.getByRole('link', { name: /^Speak to Us/ }).waitFor();
    await screenshot(page, 'first-hour-universities-1280');
  });
});

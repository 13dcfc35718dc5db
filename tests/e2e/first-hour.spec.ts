import { describe, expect, it } from 'vitest';
import { dashboardSteps } from '../../shared/dashboard-steps.ts';
import { chooseInStorage, fillApplicationForm } from './application-helpers.ts';
import { newEmail, registerAccount } from './auth-helpers.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';
import { waitForMail } from './outbox.ts';

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
      expect(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
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
});

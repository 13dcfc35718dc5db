import { describe, expect, it } from 'vitest';
import { authMessages } from '../../tests/account-words.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';
import { registerAccount } from './auth-helpers.ts';
import { waitForMail } from './outbox.ts';

const browser = useBrowser();

describe('the dev outbox page', () => {
  it('lists messages and shows one with its HTML part framed and its text part, without CSP errors', async () => {
    const { email } = await registerAccount({ confirm: false });
    const mail = await waitForMail(email, /confirm/i);
    const { page, problems } = await browser.open('/dev/mail');
    await page.getByRole('heading', { name: /^Messages \(\d+\)$/ }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.locator(`a[href="/dev/mail/${mail.id}"]`).click();
    await page.getByRole('heading', { name: mail.subject, level: 1 }).waitFor();
    const frame = page.frameLocator('iframe[title="HTML part of the message"]');
    await frame.getByRole('link', { name: 'Confirm my e-mail address' }).waitFor();
    await page.getByText('If you did not create an account').first().waitFor();
    await screenshot(page, 'auth-dev-outbox-message-desktop');
    await expectNoSeriousAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it('opens the links of both parts in a new tab, so a newcomer confirms an account with a click', async () => {
    const { email } = await registerAccount({ confirm: false });
    const mail = await waitForMail(email, /confirm/i);
    const { page, context, problems } = await browser.open(`/dev/mail/${mail.id}`, 'phone');
    await page.getByRole('heading', { name: mail.subject, level: 1 }).waitFor();
    await screenshot(page, 'auth-dev-outbox-message-phone');

    // The text part's address is a link, to a new tab.
    const textLink = page.locator('pre').getByRole('link').first();
    expect(await textLink.getAttribute('target')).toBe('_blank');
    const [confirmed] = await Promise.all([context.waitForEvent('page'), textLink.click()]);
    await confirmed.waitForURL('**/login?confirmed=1');
    await confirmed.getByText(authMessages.emailConfirmed).waitFor();

    // The HTML part's button opens a new tab too (the frame runs no script but lets popups out).
    const frame = page.frameLocator('iframe[title="HTML part of the message"]');
    const [fromFrame] = await Promise.all([
      context.waitForEvent('page'),
      frame.getByRole('link', { name: 'Confirm my e-mail address' }).click(),
    ]);
    await fromFrame.waitForURL(/\/login/);
    expect(page.url()).toContain(`/dev/mail/${mail.id}`);
    expect(problems).toEqual([]);
  });
});

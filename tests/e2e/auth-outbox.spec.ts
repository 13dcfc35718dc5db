import { describe, expect, it } from 'vitest';
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
});

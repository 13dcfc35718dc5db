import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, screenshot, useBrowser, viewports } from './browser.ts';
import { chooseInStorage } from './application-helpers.ts';
import { caseworkPages } from './casework-helpers.ts';

/**
 * Issue 25's done-when: the application form and the case page's details card in English, Arabic
 * and Chinese at 390 and 1280 px, with nothing wider than the screen and axe clean.
 */
const browser = useBrowser();
const { submitWithPassport, consultantAt } = caseworkPages(browser);
const locales = ['en', 'ar', 'zh-CN'] as const;
const sizes = ['phone', 'desktop'] as const;

async function expectNoOverflow(page: Page, viewport: (typeof sizes)[number]) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    viewports[viewport].width,
  );
}

describe('the application form and the case page in three languages', () => {
  it('the form, empty and with its checks shown', { timeout: 240_000 }, async () => {
    for (const locale of locales)
      for (const size of sizes) {
        const { page, problems } = await browser.open(`/?lang=${locale}`, size);
        await chooseInStorage(page);
        await page.goto('/application');
        await page.locator('[name="fullName"]').waitFor();
        await expectNoOverflow(page, size);
        await page.locator('form[aria-describedby="form-note"] button[type="submit"]').click();
        await page.locator('[aria-invalid="true"]').first().waitFor();
        await expectNoOverflow(page, size);
        await screenshot(page, `application-form-${locale}-${viewports[size].width}`);
        await expectNoSeriousAxeViolations(page);
        expect(problems).toEqual([]);
        await page.context().close();
      }
  });

  it('the case page’s details card', { timeout: 240_000 }, async () => {
    const { id } = await submitWithPassport();
    for (const locale of locales)
      for (const size of sizes) {
        const staff = await consultantAt(`/staff/applications/${id}?lang=${locale}`, size);
        const card = staff.page.getByRole('region', { name: /Education, English/ });
        await card.waitFor();
        await expectNoOverflow(staff.page, size);
        await card.screenshot({
          path: `test-results/screenshots/case-details-${locale}-${viewports[size].width}.png`,
        });
        await screenshot(staff.page, `case-page-${locale}-${viewports[size].width}`);
        await expectNoSeriousAxeViolations(staff.page);
        expect(staff.problems).toEqual([]);
        await staff.context.close();
      }
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';

const browser = useBrowser();
const hint = 'Please select 3 universities to continue';
const fullMessage = 'You can pick only 3 universities. Remove one to choose another.';

const card = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
/** A disabled button until three are picked, then a link to /programs with the picks. */
const continueButton = (page: Page) =>
  page
    .getByRole('button', { name: /Continue to Programs/ })
    .or(page.getByRole('link', { name: /Continue to Programs/ }));
const storedPicks = (page: Page) =>
  page.evaluate(
    () => JSON.parse(sessionStorage.getItem('portal.selection.v1') ?? '{}').universityIds ?? [],
  );

describe('/universities', () => {
  it('filters by name or location as you type, ignoring case, and says when nothing matches', async () => {
    const { page, problems } = await browser.open('/universities');
    await card(page, 'Imperial College London').waitFor();
    const search = page.getByLabel('Search universities');
    await search.fill('gLaSgOw');
    await page.getByText(/^2 of \d+ universities match “gLaSgOw”$/).waitFor();
    expect(await card(page, 'University of Glasgow').isVisible()).toBe(true);
    expect(await card(page, 'University of Strathclyde').isVisible()).toBe(true);

    await search.fill('IMPERIAL');
    await expect.poll(() => card(page, 'University of Glasgow').count()).toBe(0);
    expect(await card(page, 'Imperial College London').isVisible()).toBe(true);

    await search.fill('Atlantis');
    await page.getByText('No universities match “Atlantis”.').waitFor();
    await page.getByRole('link', { name: 'Clear search' }).click();
    await expect.poll(() => page.getByText(/UK rank #/).count()).toBeGreaterThanOrEqual(25);
    expect(problems).toEqual([]);
  });

  it('picks three, ignores a fourth and says why, unpicks, and keeps picks over a reload and the back button', async () => {
    const { page, problems } = await browser.open('/universities', 'phone');
    await card(page, 'University of Oxford').waitFor();
    await page.getByText(hint).waitFor();
    expect(await continueButton(page).isDisabled()).toBe(true);

    for (const name of ['University of Oxford', 'Imperial College London', 'Durham University']) {
      await card(page, name).click();
      await expect.poll(() => card(page, name).getAttribute('aria-pressed')).toBe('true');
    }
    const slots = page.getByRole('list', { name: 'Your picks' });
    await slots.getByText('Durham University', { exact: true }).waitFor();
    await expect.poll(() => continueButton(page).isEnabled()).toBe(true);
    expect(await page.getByText(hint).count()).toBe(0);
    await screenshot(page, 'universities-three-picked-390');
    await page.screenshot({ path: 'test-results/screenshots/universities-viewport-390.png' });

    await card(page, 'University of Leeds').click();
    await page.getByRole('status').filter({ hasText: fullMessage }).waitFor();
    expect(await card(page, 'University of Leeds').getAttribute('aria-pressed')).toBe('false');
    expect(await storedPicks(page)).toEqual([
      'university-of-oxford',
      'imperial-college-london',
      'durham-university',
    ]);
    await expectNoSeriousAxeViolations(page);

    await card(page, 'Imperial College London').click();
    await expect
      .poll(() => storedPicks(page))
      .toEqual(['university-of-oxford', 'durham-university']);
    await page.getByText(hint).waitFor();
    expect(await continueButton(page).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Remove Durham University' }).click();
    await expect.poll(() => storedPicks(page)).toEqual(['university-of-oxford']);

    await card(page, 'University of Leeds').click();
    await card(page, 'University of Glasgow').click();
    await page.reload();
    await slots.getByText('University of Glasgow', { exact: true }).waitFor();
    expect(await card(page, 'University of Leeds').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => continueButton(page).isEnabled()).toBe(true);

    expect(await continueButton(page).getAttribute('href')).toBe(
      '/programs?picks=university-of-oxford,university-of-leeds,university-of-glasgow',
    );
    await continueButton(page).click();
    await page.waitForURL(/\/programs\?picks=/);
    await page.goBack();
    // the picks are in the address too
    await page.waitForURL(
      '/universities?picks=university-of-oxford,university-of-leeds,university-of-glasgow',
    );
    await expect
      .poll(() => card(page, 'University of Glasgow').getAttribute('aria-pressed'))
      .toBe('true');
    expect(await storedPicks(page)).toEqual([
      'university-of-oxford',
      'university-of-leeds',
      'university-of-glasgow',
    ]);
    expect(problems).toEqual([]);
  });

  it('is keyboard usable and looks right at 1280 px', async () => {
    const { page } = await browser.open('/universities');
    await card(page, 'University of Oxford').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => card(page, 'University of Oxford').getAttribute('aria-pressed'))
      .toBe('true');
    // the pick keeps the keyboard's place: Space on the same card takes it back
    expect(
      await card(page, 'University of Oxford').evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Space');
    await expect
      .poll(() => card(page, 'University of Oxford').getAttribute('aria-pressed'))
      .toBe('false');
    await card(page, 'University of St Andrews').click();
    await page.keyboard.press('Tab');
    await page.screenshot({ path: 'test-results/screenshots/universities-focus-1280.png' });
    await screenshot(page, 'universities-1280');
    await expectNoSeriousAxeViolations(page);
  });
});

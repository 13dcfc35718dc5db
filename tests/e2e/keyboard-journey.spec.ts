import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journey } from './application-helpers.ts';
import { newEmail } from './auth-helpers.ts';
import { useBrowser } from './browser.ts';

const browser = useBrowser();

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through the
 * page; at every stop the focused element must be in view and not entirely covered by the sticky nav
 * or the floating buttons (WCAG 2.4.11). Fails after `limit` presses: the target cannot be reached.
 */
async function tabTo(page: Page, target: Locator, { limit = 250, backwards = false } = {}) {
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const box = el.getBoundingClientRect();
      // WCAG 2.4.11 (AA): the focused element is not entirely hidden; five points of it are probed
      const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max - 1);
      const points = [
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.left + 2, box.top + 2],
        [box.right - 2, box.top + 2],
        [box.left + 2, box.bottom - 2],
        [box.right - 2, box.bottom - 2],
      ].map(([x, y]) => document.elementFromPoint(clamp(x!, innerWidth), clamp(y!, innerHeight)));
      const shows = (hit: Element | null) =>
        !!hit &&
        (hit === el || el.contains(hit) || !!(el as HTMLInputElement).labels?.[0]?.contains(hit));
      const covered = !points.some(shows);
      const hit = points[0] ?? null;
      const inView =
        box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
      const nameOf = (e: Element | null) =>
        e
          ? `${e.tagName} ${e.getAttribute('aria-label') ?? e.textContent?.trim().slice(0, 40) ?? ''}`
          : 'nothing';
      return { name: `${nameOf(el)}${covered ? ` (under ${nameOf(hit)})` : ''}`, covered, inView };
    });
    if (!focus) continue;
    // an element out of sight or under the sticky parts must not take the focus
    expect(focus.inView, `focused but out of view: ${focus.name}`).toBe(true);
    expect(focus.covered, `focused but covered: ${focus.name}`).toBe(false);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${target} not reached in ${limit} presses of Tab`);
}

describe('keyboard only', () => {
  it.each(['desktop', 'phone'] as const)(
    'from the home page to a submitted application and its live track page, without a mouse (%s)',
    async (viewport) => {
      const { page, problems } = await browser.open('/', viewport);

      await tabTo(page, page.getByRole('link', { name: 'Choose your universities' }));
      await page.keyboard.press('Enter');
      await page.waitForURL('**/universities');
      await page.getByRole('heading', { level: 1 }).waitFor();

      for (const name of journey.picks) {
        await tabTo(page, page.getByRole('button', { name, exact: true }));
        await page.keyboard.press('Space');
        await expect
          .poll(() => page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed'))
          .toBe('true');
      }
      await tabTo(page, page.getByRole('link', { name: /Continue to Programs/ }));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/programs\?picks=/);

      const program = page.getByRole('button', { name: new RegExp(`^${journey.programName}`) });
      await program.waitFor();
      await tabTo(page, program);
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByRole('button', { name: `Apply Now for ${journey.programName}` }));
      await page.keyboard.press('Enter');
      await page.waitForURL('**/application');
      await page.getByText('You are applying for').waitFor();

      const email = newEmail('keyboard');
      await tabTo(page, page.getByLabel('Full name'));
      await page.keyboard.type('Kofi Mensah');
      await tabTo(page, page.getByLabel('Date of birth'));
      await page.keyboard.type('04232001');
      expect(await page.getByLabel('Date of birth').inputValue()).toBe('2001-04-23');
      await tabTo(page, page.getByLabel('Email'));
      await page.keyboard.type(email);
      await tabTo(page, page.getByLabel('Phone'));
      await page.keyboard.type('+233 24 123 4567');
      await tabTo(page, page.getByLabel('Passport number'));
      await page.keyboard.type('G1234567');
      // a closed select takes the first letters of an option, as a keyboard user chooses
      await tabTo(page, page.getByLabel('Nationality'));
      await page.keyboard.type('Ghana');
      expect(await page.getByLabel('Nationality').inputValue()).toBe('GH');
      await tabTo(page, page.getByLabel('Country of residence'));
      await page.keyboard.type('Ghana');
      expect(await page.getByLabel('Country of residence').inputValue()).toBe('GH');
      await tabTo(page, page.getByLabel('English level'));
      await page.keyboard.type('Advanced');
      expect(await page.getByLabel('English level').inputValue()).toBe('advanced');
      // issue 25 §3: one school, the English test (none yet) and the consent, by keyboard
      const school = (name: string) => page.locator(`[name="education.0.${name}"]`);
      for (const [name, value] of [
        ['institution', 'University of Ghana'],
        ['qualification', 'BSc'],
        ['subject', 'Economics'],
        ['grade', '3.6'],
        ['gradeScale', 'out of 4.0'],
        ['startYear', '2019'],
        ['endYear', '2023'],
      ] as const) {
        await tabTo(page, school(name));
        await page.keyboard.type(value);
      }
      await tabTo(page, school('country'), { backwards: true });
      await page.keyboard.type('Ghana');
      expect(await school('country').inputValue()).toBe('GH');
      await tabTo(page, page.getByLabel('English test taken'));
      await page.keyboard.type('None');
      expect(await page.getByLabel('English test taken').inputValue()).toBe('none');
      await tabTo(page, page.locator('[name="consent"]'));
      await page.keyboard.press('Space');

      await tabTo(page, page.getByRole('button', { name: 'Submit application' }));
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Application submitted' }).waitFor();
      const applicationId = (await page.getByTestId('application-id').textContent())!.trim();
      expect(applicationId).toMatch(/^[0-9a-f-]{36}$/);

      await tabTo(page, page.getByRole('link', { name: 'Track this application' }));
      await page.keyboard.press('Enter');
      await page.waitForURL('**/track');
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      await page
        .getByText('Your application has been successfully submitted and is being processed.')
        .waitFor();
      expect(
        await page
          .getByRole('progressbar', { name: 'Application progress' })
          .getAttribute('aria-valuenow'),
      ).toBe('20');
      expect(problems).toEqual([]);
    },
  );
});

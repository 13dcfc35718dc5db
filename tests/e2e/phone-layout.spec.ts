import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Program } from '../../shared/schemas/catalogue.ts';
import { screenshot, useBrowser } from './browser.ts';

const browser = useBrowser();
const kcl = 'msc-cyber-security-kings-college-london';
const ucl = 'msc-information-security-ucl';
const phone = { width: 390, height: 844 };

const publicPages = [
  '/',
  '/universities',
  '/programs',
  `/programs/${kcl}`,
  `/compare?programs=${kcl},${ucl}`,
  '/guide',
  '/free',
  '/refer',
  '/refer?form=student',
  '/track',
];

/** Every element the window keeps in place (fixed or sticky) that shows now, with its box. */
function pinnedElements(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => {
        const style = getComputedStyle(e);
        if (style.position !== 'fixed' && style.position !== 'sticky') return false;
        if (style.visibility === 'hidden' || style.display === 'none') return false;
        const box = e.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight;
      })
      // an element pinned inside another pinned one is part of it
      .filter((e, _, all) => !all.some((other) => other !== e && other.contains(e)))
      .map((e) => {
        const box = e.getBoundingClientRect();
        return {
          what: `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''} ${(e.textContent ?? '').trim().slice(0, 30)}`,
          top: box.top,
          bottom: box.bottom,
          width: box.width,
          height: box.height,
        };
      }),
  );
}

describe('nothing covers the page on a phone (issue 26, item 2)', () => {
  it.each(['en', 'ar'] as const)(
    'at 390 px in %s: each pinned element at most 12 % of the screen, one bar along the bottom at most',
    async (lang) => {
      const { page } = await browser.open(`/?lang=${lang}`, 'phone');
      for (const path of publicPages) {
        await page.goto(path);
        for (const at of ['top', 'middle'] as const) {
          if (at === 'middle')
            await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
          const pinned = await pinnedElements(page);
          for (const e of pinned)
            expect(e.height, `${lang} ${path} (${at}): ${e.what}`).toBeLessThanOrEqual(
              phone.height * 0.12,
            );
          const bottomBars = pinned.filter(
            (e) => e.width >= phone.width * 0.9 && e.bottom >= phone.height - 1,
          );
          expect(bottomBars.length, `${lang} ${path} (${at})`).toBeLessThanOrEqual(1);
          const covered = pinned.reduce((sum, e) => sum + e.height, 0);
          expect(covered, `${lang} ${path} (${at}): all pinned`).toBeLessThanOrEqual(
            phone.height * 0.24,
          );
        }
      }
    },
  );

  it.each(['en', 'ar'] as const)(
    'compares programs on a 390 px phone in %s with every value shown and no label cut',
    async (lang) => {
      const { page, problems } = await browser.open(
        `/compare?programs=${kcl},${ucl}&lang=${lang}`,
        'phone',
      );
      const programs = await Promise.all(
        [kcl, ucl].map(
          async (id) => (await (await page.request.get(`/api/programs/${id}`)).json()) as Program,
        ),
      );
      const cards = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.locator('dl') });
      await expect.poll(() => cards.count()).toBe(2);
      for (const [i, p] of programs.entries()) {
        const card = cards.nth(i);
        await card.getByRole('heading', { name: p.name }).waitFor();
        const terms = await card.locator('dt').evaluateAll((dts) =>
          dts.map((dt) => {
            const box = dt.getBoundingClientRect();
            const value = dt.nextElementSibling as HTMLElement;
            const valueBox = value.getBoundingClientRect();
            return {
              label: dt.textContent ?? '',
              // a label written whole, inside the screen; its value beside it, inside the screen
              cut:
                dt.scrollWidth > dt.clientWidth + 1 ||
                box.left < 0 ||
                box.right > innerWidth ||
                valueBox.left < 0 ||
                valueBox.right > innerWidth,
              value: value.innerText.trim(),
            };
          }),
        );
        expect(terms.length).toBe(10);
        for (const term of terms) {
          expect(term.cut, `${lang} ${p.id}: ${term.label}`).toBe(false);
          expect(term.value, `${lang} ${p.id}: ${term.label}`).not.toBe('');
        }
        expect(terms.map((t) => t.value).join('\n')).toContain(p.universityName);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        phone.width,
      );
      await screenshot(page, `compare-cards-390-${lang}`);
      expect(problems).toEqual([]);
    },
  );
});

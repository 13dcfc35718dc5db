import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  a11yScreens,
  auditLayout,
  countImpact,
  runAxe,
  type A11yScreen,
} from '../support/a11y-audit.ts';
import { createApplicationFields } from '../factories/application.ts';
import { changeStatusOnServer } from './application-helpers.ts';
import { registerAccount, signInByApi } from './auth-helpers.ts';
import { useBrowser } from './browser.ts';

/**
 * Issue 14, item 6: the public screens, and /account and /dashboard signed in (with an active
 * case, so /account shows what deleting the account keeps), have no serious or
 * critical axe violation and do not scroll sideways, in English and Arabic at 390 and 1280 px.
 * The screens and checks are bench/a11y.ts's (tests/support/a11y-audit.ts); one page per role is
 * reused for every screen, language and width, so the whole round stays near a minute.
 */
const browser = useBrowser();
const screens = a11yScreens.filter(
  (s) => s.role === 'public' || s.name === '/account' || s.name === '/dashboard',
);

interface Row {
  screen: string;
  lang: string;
  width: number;
  serious: number;
  critical: number;
  problems: string[];
}
const rows: Row[] = [];
let visitor: Page;
let student: Page;

beforeAll(async () => {
  visitor = (await browser.open('/', 'phone')).page;
  const { email, password } = await registerAccount();
  student = (await browser.open('/', 'phone')).page;
  await signInByApi(student.context().request, email, password);
  // An application the team moved on: /account then shows what deleting it would keep (D16).
  const form = new FormData();
  for (const [name, value] of Object.entries(createApplicationFields({ email })))
    for (const item of [value].flat()) form.append(name, item);
  const sent = await student.context().request.post('/api/applications', {
    multipart: form,
    headers: { origin: inject('baseUrl') },
  });
  expect(sent.status()).toBe(201);
  await changeStatusOnServer(((await sent.json()) as { id: string }).id, 'reviewed');
});

afterAll(() => {
  // The table for the person reading the run: screen × language × width, serious/critical nodes.
  mkdirSync('test-results', { recursive: true });
  writeFileSync(
    'test-results/a11y.md',
    [
      '| screen | lang | width | serious | critical |',
      '|---|---|---|---|---|',
      ...rows.map((r) => `| ${r.screen} | ${r.lang} | ${r.width} | ${r.serious} | ${r.critical} |`),
    ].join('\n') + '\n',
  );
});

async function audit(page: Page, screen: A11yScreen, lang: string, width: number) {
  await page.goto(screen.path as string);
  // Loaded: the page's heading is there and no spinner is left (lists and the account load after).
  await page.waitForFunction(
    () =>
      document.querySelector('h1') !== null &&
      document.querySelectorAll('.animate-spin').length === 0,
  );
  expect(await page.evaluate(() => document.documentElement.lang)).toMatch(
    lang === 'ar' ? /^ar/ : /^en/,
  );
  const violations = await runAxe(page);
  const layout = await auditLayout(page);
  const problems = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).join(' | ')}`);
  if (layout.overflow) problems.push(`scrolls sideways by ${layout.overflowBy} px`);
  const row = {
    screen: screen.name,
    lang,
    width,
    serious: countImpact(violations, 'serious'),
    critical: countImpact(violations, 'critical'),
    problems,
  };
  rows.push(row);
  return row;
}

describe.each(['en', 'ar'])('accessibility in %s', (lang) => {
  it.each([390, 1280])(
    'every public screen, /account and /dashboard at %i px: no serious or critical axe violation, no sideways scrolling',
    async (width) => {
      const failures: string[] = [];
      for (const page of [visitor, student]) {
        await page.context().addCookies([{ name: 'lang', value: lang, url: browser.baseUrl }]);
        await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      }
      for (const screen of screens) {
        const row = await audit(screen.role === 'public' ? visitor : student, screen, lang, width);
        failures.push(...row.problems.map((p) => `${screen.name}: ${p}`));
      }
      expect(failures).toEqual([]);
    },
    180_000,
  );
});

describe('target size on /login at 390 px (WCAG 2.5.8)', () => {
  it.each(['en', 'ar'])(
    'every visible target is at least 24 px high or has the spacing exception, in %s',
    async (lang) => {
      await visitor.context().addCookies([{ name: 'lang', value: lang, url: browser.baseUrl }]);
      await visitor.setViewportSize({ width: 390, height: 844 });
      await visitor.goto('/login');
      await visitor.getByRole('heading', { level: 1 }).first().waitFor();
      const rememberMe = visitor.locator('label', { has: visitor.getByRole('checkbox') });
      const forgot = visitor.getByRole('button', {
        name: lang === 'ar' ? 'هل نسيت كلمة المرور؟' : 'Forgot your password?',
      });
      expect((await rememberMe.boundingBox())!.height).toBeGreaterThanOrEqual(24);
      expect((await forgot.boundingBox())!.height).toBeGreaterThanOrEqual(24);
      expect((await auditLayout(visitor)).small).toEqual([]);
    },
  );
});

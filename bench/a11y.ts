import { chromium, type BrowserContext, type Page } from 'playwright-core';
import {
  chooseJourney,
  chromiumArgs,
  chromiumPath,
  registerConfirmed,
  signIn,
  startPortal,
  submitApplication,
  trackingLink,
  waitUntilUsable,
} from './portal-fixtures.ts';
import {
  a11yScreens,
  auditLayout,
  countImpact,
  runAxe,
  type ScreenIds,
} from '../tests/support/a11y-audit.ts';

/**
 * Issue 14, item 6: WCAG 2.2 AA on every screen, in English and Arabic, at 390 and 1280 px.
 * Needs `npm run build` (it builds nothing). Starts the compiled server with a fresh database,
 * makes a student (with an application) and an admin through the real API, then for every screen:
 *
 * - axe-core with the wcag2a, wcag2aa, wcag21a, wcag21aa and wcag22aa rules: violations counted by
 *   impact (serious, critical, other);
 * - overflow: the page scrolls sideways (document.scrollingElement.scrollWidth > innerWidth);
 * - target size (2.5.8): every visible focusable element is at least 24×24 px, or a 24 px circle
 *   on its centre touches no other target (the spacing exception); links inside a sentence and a
 *   checkbox or radio inside its label (the label is the target) are exempt, as WCAG says;
 * - focus not obscured (2.4.11): pressing Tab from the top (BENCH_TABS times, default 60), each
 *   focused element has at least one visible point not covered by something else (the sticky nav,
 *   the floating buttons): document.elementFromPoint over a grid on its box.
 *
 * Prints a markdown table and the details of every failure; exits 1 if anything fails.
 * BENCH_SCREENS=/,/guide limits the screens (by path), BENCH_LANGS=en and BENCH_WIDTHS=390 likewise.
 */
const tabs = Number(process.env.BENCH_TABS ?? 60);
const langs = (process.env.BENCH_LANGS ?? 'en,ar').split(',');
const widths = (process.env.BENCH_WIDTHS ?? '390,1280').split(',').map(Number);
const only = process.env.BENCH_SCREENS?.split(',');

const screens = a11yScreens.filter(
  (s) =>
    !only ||
    only.includes(s.name) ||
    (typeof s.path === 'string' && only.includes(s.path.split('?')[0]!)),
);

interface Row {
  screen: string;
  lang: string;
  width: number;
  serious: number;
  critical: number;
  other: number;
  overflow: boolean;
  smallTargets: number;
  obscured: number;
  details: string[];
}

async function audit(page: Page): Promise<Omit<Row, 'screen' | 'lang' | 'width'>> {
  const axe = await runAxe(page);
  const details: string[] = [];
  const count = (impact: string) => countImpact(axe, impact);
  for (const v of axe)
    details.push(
      `axe ${v.id} (${v.impact}): ${v.nodes.slice(0, 4).join(' | ')}${v.nodes.length > 4 ? ` …+${v.nodes.length - 4}` : ''}`,
    );
  const layout = await auditLayout(page);
  if (layout.overflow)
    details.push(`overflow: the page is ${layout.overflowBy} px wider than the window`);
  for (const s of layout.small) details.push(`target under 24×24 px: ${s}`);

  // 2.4.11: Tab from the top; each focused element must show at least one point
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const obscured = new Set<string>();
  let previous = '';
  for (let i = 0; i < tabs; i++) {
    await page.keyboard.press('Tab');
    const seen = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const r = el.getBoundingClientRect();
      const key = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
      if (r.width === 0 && r.height === 0) return { key, hidden: false };
      let visible = false;
      for (let x = 0; x < 5 && !visible; x++) {
        for (let y = 0; y < 5 && !visible; y++) {
          const px = r.left + ((x + 0.5) * r.width) / 5;
          const py = r.top + ((y + 0.5) * r.height) / 5;
          if (px < 0 || py < 0 || px >= window.innerWidth || py >= window.innerHeight) continue;
          const top = document.elementFromPoint(px, py);
          if (
            top &&
            (el === top ||
              el.contains(top) ||
              top.contains(el) ||
              (el instanceof HTMLInputElement && el.labels?.[0]?.contains(top)))
          )
            visible = true;
        }
      }
      let by = '';
      if (!visible) {
        const top = document.elementFromPoint(
          Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1),
          Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1),
        );
        const fixed = top?.closest('header, nav, [class*="fixed"], [class*="sticky"]');
        by = fixed
          ? ` under ${fixed.tagName.toLowerCase()}${fixed.getAttribute('aria-label') ? ` "${fixed.getAttribute('aria-label')}"` : ''}`
          : ' (off screen or covered)';
      }
      return { key: key + by, hidden: !visible };
    });
    if (!seen) continue;
    if (seen.key === previous) break; // focus stopped moving (a trap is axe's and the e2e's business)
    previous = seen.key;
    if (seen.hidden) obscured.add(seen.key);
  }
  for (const o of obscured) details.push(`focus hidden: ${o}`);
  return {
    serious: count('serious'),
    critical: count('critical'),
    other: count('moderate') + count('minor'),
    overflow: layout.overflow,
    smallTargets: layout.small.length,
    obscured: obscured.size,
    details,
  };
}

const portal = await startPortal();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const base = portal.url;
  // a student with an application, and an admin (consultant and catalogue rights), made through the API
  const student = {
    email: `bench-student-${Date.now()}@example.test`,
    password: 'bench-student-pass-1',
  };
  const admin = { email: `bench-admin-${Date.now()}@example.test`, password: 'bench-admin-pass-1' };
  await registerConfirmed(base, student.email, student.password);
  await registerConfirmed(base, admin.email, admin.password);
  const role = await fetch(`${base}/api/test/staff-role`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, role: 'admin' }),
  });
  if (!role.ok) throw new Error(`staff-role answered ${role.status}`);
  const seed = await browser.newContext();
  await signIn(seed.request, base, student.email, student.password);
  const applicationId = await submitApplication(seed.request, base, student.email);
  const studentState = await seed.storageState();
  const staffSeed = await browser.newContext();
  await signIn(staffSeed.request, base, admin.email, admin.password, { enroll: true });
  const staffState = await staffSeed.storageState();
  const track = (await trackingLink(base, student.email)).slice(base.length);
  const ids: ScreenIds = { applicationId, track };
  await seed.close();
  await staffSeed.close();

  const rows: Row[] = [];
  for (const screen of screens) {
    for (const lang of langs) {
      for (const width of widths) {
        const state =
          screen.role === 'student'
            ? studentState
            : screen.role === 'staff'
              ? staffState
              : undefined;
        const context: BrowserContext = await browser.newContext({
          baseURL: base,
          viewport: { width, height: width < 600 ? 844 : 900 },
          storageState: state,
        });
        await context.addCookies([{ name: 'lang', value: lang, url: base }]);
        if (screen.chosen) await chooseJourney(context);
        const page = await context.newPage();
        const path = typeof screen.path === 'string' ? screen.path : screen.path(ids);
        try {
          await page.goto(path);
          await waitUntilUsable(page);
          rows.push({ screen: screen.name, lang, width, ...(await audit(page)) });
        } catch (error) {
          rows.push({
            screen: screen.name,
            lang,
            width,
            serious: 0,
            critical: 0,
            other: 0,
            overflow: false,
            smallTargets: 0,
            obscured: 0,
            details: [`could not audit: ${(error as Error).message.split('\n')[0]}`],
          });
        } finally {
          await context.close();
        }
        const r = rows.at(-1)!;
        process.stderr.write(
          `${r.screen} ${lang} ${width}: ${r.serious}/${r.critical}/${r.other} ${r.overflow ? 'overflow ' : ''}${r.smallTargets} small, ${r.obscured} hidden\n`,
        );
      }
    }
  }

  const failed = (r: Row) =>
    r.serious + r.critical > 0 ||
    r.overflow ||
    r.smallTargets > 0 ||
    r.obscured > 0 ||
    r.details.some((d) => d.startsWith('could not'));
  console.log(
    '| screen | lang | width | serious | critical | other | overflow | targets < 24 px | focus hidden |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.screen} | ${r.lang} | ${r.width} | ${r.serious} | ${r.critical} | ${r.other} | ${r.overflow ? 'yes' : 'no'} | ${r.smallTargets} | ${r.obscured} |`,
    );
  }
  const failures = rows.filter(failed);
  console.log(
    `\n${rows.length} rows; ${failures.length} with a serious or critical violation, overflow, a small target or hidden focus.`,
  );
  for (const r of rows.filter((x) => x.details.length > 0)) {
    console.log(`\n${r.screen} ${r.lang} ${r.width}:`);
    for (const d of r.details) console.log(`  - ${d}`);
  }
  process.exitCode = failures.length === 0 ? 0 : 1;
} finally {
  await browser.close();
  await portal.stop();
}

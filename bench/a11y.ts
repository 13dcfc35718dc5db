import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const tabs = Number(process.env.BENCH_TABS ?? 60);
const langs = (process.env.BENCH_LANGS ?? 'en,ar').split(',');
const widths = (process.env.BENCH_WIDTHS ?? '390,1280').split(',').map(Number);
const only = process.env.BENCH_SCREENS?.split(',');

type Role = 'public' | 'student' | 'staff';
interface Screen {
  name: string;
  role: Role;
  path: string | ((ids: Ids) => string);
  /** The program and picks already chosen (the application form). */
  chosen?: boolean;
}
interface Ids {
  applicationId: string;
  track: string;
}

const allScreens: Screen[] = [
  { name: '/', role: 'public', path: '/' },
  { name: '/universities', role: 'public', path: '/universities' },
  { name: '/programs', role: 'public', path: '/programs' },
  {
    name: '/compare',
    role: 'public',
    path: '/compare?programs=msc-cyber-security-kings-college-london,msc-information-security-ucl',
  },
  { name: '/free', role: 'public', path: '/free' },
  { name: '/refer', role: 'public', path: '/refer' },
  { name: '/refer (student form)', role: 'public', path: '/refer?form=student' },
  { name: '/guide', role: 'public', path: '/guide' },
  { name: '/track', role: 'public', path: '/track' },
  { name: '/login', role: 'public', path: '/login' },
  { name: '/register', role: 'public', path: '/register' },
  { name: '404', role: 'public', path: '/no-such-page' },
  { name: '/application (nothing chosen)', role: 'public', path: '/application' },
  { name: '/application (form)', role: 'student', path: '/application', chosen: true },
  { name: '/dashboard', role: 'student', path: '/dashboard' },
  { name: '/track (an application)', role: 'student', path: (ids) => ids.track },
  { name: '/account', role: 'student', path: '/account' },
  { name: '/staff (queue)', role: 'staff', path: '/staff' },
  {
    name: '/staff (a case)',
    role: 'staff',
    path: (ids) => `/staff/applications/${ids.applicationId}`,
  },
  { name: '/staff/requests', role: 'staff', path: '/staff/requests' },
  { name: '/staff/catalogue', role: 'staff', path: '/staff/catalogue' },
  { name: '/staff/team', role: 'staff', path: '/staff/team' },
  { name: '/staff/audit', role: 'staff', path: '/staff/audit' },
  { name: '/staff/mail', role: 'staff', path: '/staff/mail' },
];
const screens = allScreens.filter(
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
  await page.evaluate(axeSource);
  // tsx keeps function names with a helper (__name) the page does not have
  await page.evaluate('window.__name = (f) => f');
  const axe = await page.evaluate(async () => {
    const w = window as unknown as {
      axe: {
        run(
          ctx: Document,
          o: object,
        ): Promise<{
          violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
        }>;
      };
    };
    const r = await w.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'minor',
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  const details: string[] = [];
  const count = (impact: string) =>
    axe.filter((v) => v.impact === impact).reduce((n, v) => n + v.nodes.length, 0);
  for (const v of axe)
    details.push(
      `axe ${v.id} (${v.impact}): ${v.nodes.slice(0, 4).join(' | ')}${v.nodes.length > 4 ? ` …+${v.nodes.length - 4}` : ''}`,
    );

  const layout = await page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    const overflow = scroller.scrollWidth > window.innerWidth;
    const focusable = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((el) => {
      if ((el as HTMLButtonElement).disabled) return false;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      const r = el.getBoundingClientRect();
      // off-screen until focused (skip links, screen-reader-only): nothing to tap
      return r.width > 1 && r.height > 1 && !el.closest('[hidden], [inert], [aria-hidden="true"]');
    });
    const describe = (el: Element) => {
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${text}"`;
    };
    const targetOf = (el: HTMLElement): HTMLElement => {
      // a checkbox or radio inside its label: the whole label is what a finger taps
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio'))
        return el.closest('label') ?? el;
      return el;
    };
    const isInline = (el: HTMLElement) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const block = el.parentElement?.closest('p, li, dd, td, span, div');
      const own = (el.textContent ?? '').trim().length;
      return Boolean(block && (block.textContent ?? '').trim().length > own + 3);
    };
    const boxes = focusable.map((el) => ({
      el,
      r: targetOf(el).getBoundingClientRect(),
      inline: isInline(el),
    }));
    const small: string[] = [];
    for (const b of boxes) {
      if (b.inline || (b.r.width >= 24 && b.r.height >= 24)) continue;
      // spacing exception: a 24 px circle on its centre meets no other target (nor another small target's circle)
      const cx = b.r.left + b.r.width / 2;
      const cy = b.r.top + b.r.height / 2;
      const clash = boxes.some((o) => {
        if (o === b || o.el.contains(b.el) || b.el.contains(o.el)) return false;
        const nx = Math.max(o.r.left, Math.min(cx, o.r.right));
        const ny = Math.max(o.r.top, Math.min(cy, o.r.bottom));
        const reach = o.r.width >= 24 && o.r.height >= 24 ? 12 : 24;
        return Math.hypot(nx - cx, ny - cy) < reach;
      });
      if (clash) small.push(`${describe(b.el)} ${Math.round(b.r.width)}×${Math.round(b.r.height)}`);
    }
    return { overflow, overflowBy: scroller.scrollWidth - window.innerWidth, small };
  });
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
  const ids: Ids = { applicationId, track };
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

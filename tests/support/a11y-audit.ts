import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * What bench/a11y.ts and tests/e2e/a11y.spec.ts both check (issue 14, item 6: WCAG 2.2 AA on every
 * screen, in English and Arabic, at 390 and 1280 px): the screens, axe-core with the WCAG rules,
 * sideways overflow and target size (2.5.8). One list, one set of checks, two callers.
 */
export type ScreenRole = 'public' | 'student' | 'staff';
export interface ScreenIds {
  applicationId: string;
  track: string;
}
export interface A11yScreen {
  name: string;
  role: ScreenRole;
  path: string | ((ids: ScreenIds) => string);
  /** The program and picks already chosen (the application form). */
  chosen?: boolean;
}

export const a11yScreens: A11yScreen[] = [
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

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeViolation {
  id: string;
  impact: string;
  nodes: string[];
}

/** Functions handed to the page keep their names through a helper (__name) the page lacks. */
async function prepare(page: Page) {
  await page.evaluate('window.__name = window.__name || ((f) => f)');
}

/** axe-core's WCAG 2.2 A and AA rules over the page as it is now. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  await prepare(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
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
    const r = await w.axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'minor',
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, wcagTags);
}

/** Nodes with a violation of this impact. */
export const countImpact = (violations: AxeViolation[], impact: string) =>
  violations.filter((v) => v.impact === impact).reduce((n, v) => n + v.nodes.length, 0);

export interface LayoutAudit {
  /** The page scrolls sideways (document.scrollingElement.scrollWidth > innerWidth). */
  overflow: boolean;
  overflowBy: number;
  /** Visible targets under 24×24 px that fail the spacing exception, as "tag "name" w×h". */
  small: string[];
}

/**
 * Overflow and target size (2.5.8): every visible focusable element is at least 24×24 px, or a
 * 24 px circle on its centre touches no other target (the spacing exception); links inside a
 * sentence and a checkbox or radio inside its label (the label is the target) are exempt.
 */
export async function auditLayout(page: Page): Promise<LayoutAudit> {
  await prepare(page);
  return page.evaluate(() => {
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
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface E2ePage {
  page: Page;
  context: BrowserContext;
  /** Console errors and CSP violations seen so far; a clean page has none. */
  problems: string[];
}

/** One Chromium per spec file; each `open()` is a fresh context (no shared cookies or storage). */
export function useBrowser() {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    // What each page showed when the test failed, for whoever reads the CI log next.
    mkdirSync('test-results/failures', { recursive: true });
    const name = ctx.task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
    const pages = contexts.flatMap((c) => c.pages());
    await Promise.all(
      pages.map((page, i) =>
        page
          .screenshot({ path: `test-results/failures/${name}-${i}.png`, fullPage: true })
          .catch(() => {}),
      ),
    );
    console.warn(
      `Screenshots of ${pages.length} open page(s) saved under test-results/failures/${name}-*.png`,
    );
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => {})));
    await browser?.close();
  });

  async function open(
    path = '/',
    viewport: keyof typeof viewports = 'desktop',
    { timezoneId }: { timezoneId?: string } = {},
  ): Promise<E2ePage> {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: viewports[viewport],
      ...(timezoneId ? { timezoneId } : {}),
    });
    contexts.push(context);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    waitForHydrationAfterLoads(page);
    await page.goto(path);
    return { page, context, problems };
  }

  return { open, baseUrl };
}

/**
 * Public pages arrive as HTML with their content and are taken over by React a moment later; a
 * click before that would be lost. After each document load, wait until the app marks itself
 * hydrated (`<html data-hydrated>`, set by web/main.tsx), as a person waits for a page to respond.
 */
function waitForHydrationAfterLoads(page: Page) {
  // Pages the web app does not render (the dev outbox) have no #root and nothing to wait for.
  const hydrated = () =>
    page.waitForFunction(
      () =>
        !document.getElementById('root') || document.documentElement.hasAttribute('data-hydrated'),
    );
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await original(...args);
        await hydrated();
        return response;
      },
    });
  }
}

/** axe-core finds no serious or critical violation on the page as it is now. */
export async function expectNoSeriousAxeViolations(page: Page) {
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: Document) => Promise<{
            violations: {
              id: string;
              impact: string;
              nodes: { target: string[]; failureSummary?: string }[];
            }[];
          }>;
        };
      }
    ).axe;
    return axe.run(document);
  });
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join('; ')}`,
    );
  expect(serious).toEqual([]);
}

/** Saves a screenshot under test-results/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

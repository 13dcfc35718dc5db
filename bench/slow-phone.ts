import { chromium } from 'playwright-core';
import { locales } from '../shared/locales.ts';
import { chooseJourney, chromiumArgs, chromiumPath, startPortal } from './portal-fixtures.ts';

/**
 * Issue 14, item 7: every public page usable on a slow phone. Needs `npm run build` (it builds
 * nothing). Chromium (playwright-core) at 390×844 with Network.emulateNetworkConditions at
 * 400 kbps down and up and 400 ms latency, and the CPU slowed 4× (Emulation.setCPUThrottlingRate),
 * a fresh cache every load, loads /, /universities, /programs and /application (a program chosen,
 * as a student arrives there) in each of the six languages (the `lang` cookie).
 *
 * "Time to usable" = the later of (a) the first contentful paint (the server-rendered page, with
 * its heading, in the reader's language) and (b) hydration: the moment the app marks
 * `<html data-hydrated>` (web/main.tsx, the marker the e2e suite waits for before clicking), from
 * which on a tap does what it says. Both from navigation start; median of BENCH_RUNS (default 1).
 * Also printed: FCP, LCP, hydration and the bytes the page downloaded. A page over 10 s
 * (BENCH_USABLE_MS) fails the run.
 */
const pages = process.env.BENCH_PAGES?.split(',') ?? [
  '/',
  '/universities',
  '/programs',
  '/application',
];
const runs = Number(process.env.BENCH_RUNS ?? 1);
const limitMs = Number(process.env.BENCH_USABLE_MS ?? 10_000);
const kbps = 400;

interface Load {
  fcp: number;
  lcp: number;
  hydrated: number;
  bytes: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const portal = await startPortal();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  // warm the server (page cache, catalogue): the bench measures the network and the phone, not a cold start
  for (const path of pages)
    for (const lang of locales)
      await fetch(`${portal.url}${path}`, {
        headers: { cookie: `lang=${lang}`, 'accept-encoding': 'gzip' },
      }).then((r) => r.arrayBuffer());

  async function load(path: string, lang: string): Promise<Load> {
    const context = await browser.newContext({
      baseURL: portal.url,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await context.addCookies([{ name: 'lang', value: lang, url: portal.url }]);
    if (path === '/application') await chooseJourney(context);
    await context.addInitScript(() => {
      const w = window as unknown as { __lcp: number; __hydrated: number };
      w.__lcp = 0;
      w.__hydrated = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new MutationObserver((_, observer) => {
        if (document.documentElement?.hasAttribute('data-hydrated')) {
          w.__hydrated = performance.now();
          observer.disconnect();
        }
      }).observe(document, {
        subtree: true,
        attributes: true,
        attributeFilter: ['data-hydrated'],
      });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: (kbps * 1000) / 8,
      uploadThroughput: (kbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let bytes = 0;
    cdp.on(
      'Network.loadingFinished',
      (e: { encodedDataLength: number }) => (bytes += e.encodedDataLength),
    );
    try {
      await page.goto(path, { waitUntil: 'commit', timeout: 120_000 });
      await page.waitForFunction(
        () => (window as unknown as { __hydrated: number }).__hydrated > 0,
        undefined,
        { timeout: 120_000 },
      );
      // a page the browser renders itself (/application) paints its content after hydrating
      await page.waitForFunction(
        () => performance.getEntriesByName('first-contentful-paint').length > 0,
        undefined,
        { timeout: 120_000 },
      );
      // the frame after hydration is painted before the largest paint is read
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const m = await page.evaluate(() => {
        const w = window as unknown as { __lcp: number; __hydrated: number };
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
        return { fcp, lcp: w.__lcp, hydrated: w.__hydrated };
      });
      return { ...m, bytes };
    } finally {
      await context.close();
    }
  }

  console.log(
    `Slow phone: ${kbps} kbps down/up, 400 ms latency, CPU 4× slower, 390×844, empty cache; median of ${runs} run(s)\n`,
  );
  console.log('| page | lang | time to usable | FCP | LCP | hydrated | downloaded |');
  console.log('|---|---|---|---|---|---|---|');
  let over = 0;
  for (const path of pages) {
    for (const lang of locales) {
      const results: Load[] = [];
      for (let i = 0; i < runs; i++) results.push(await load(path, lang));
      const m = (key: keyof Load) => median(results.map((r) => r[key]));
      const usable = median(results.map((r) => Math.max(r.fcp, r.hydrated)));
      if (!(usable <= limitMs)) over++;
      const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      console.log(
        `| ${path} | ${lang} | ${s(usable)} | ${s(m('fcp'))} | ${s(m('lcp'))} | ${s(m('hydrated'))} | ${(m('bytes') / 1024).toFixed(0)} KB |`,
      );
    }
  }
  console.log(
    over === 0
      ? `\nEvery page is usable within ${limitMs / 1000} s.`
      : `\n${over} load(s) over ${limitMs / 1000} s.`,
  );
  process.exitCode = over === 0 ? 0 : 1;
} finally {
  await browser.close();
  await portal.stop();
}

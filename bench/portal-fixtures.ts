import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import {
  freePort,
  spawnServer,
  waitUntilHealthy,
  type ServerProcess,
} from '../tests/support/server-process.ts';
import { keyOfUri, totpCode } from '../tests/support/totp.ts';

/**
 * What the browser benches (bench/a11y.ts, bench/slow-phone.ts) share: the compiled server
 * (`npm run build` first) on a free port with a fresh embedded database, NODE_ENV=test for the
 * test-support routes, and accounts made through the real HTTP API as a person would make them.
 */
export const root = path.resolve(import.meta.dirname, '..');
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--no-first-run',
];

export interface Portal {
  server: ServerProcess;
  url: string;
  stop(): Promise<void>;
}

export async function startPortal(): Promise<Portal> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-browser-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await spawnServer(
    {
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      // the bench signs in and registers more often than a person: the limits are tested elsewhere
      AUTH_RATE_LIMIT_IP_MAX: '100000',
      AUTH_RATE_LIMIT_ACCOUNT_MAX: '100000',
      AUTH_MAILS_PER_ADDRESS: '1000',
      TRACKING_RATE_LIMIT_MAX: '100000',
    },
    { compiled: true },
  );
  if (!(await waitUntilHealthy(server)))
    throw new Error(`The server did not start:\n${server.output()}`);
  return {
    server,
    url,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export async function waitForMail(
  base: string,
  to: string,
  subject: RegExp,
  timeoutMs = 15_000,
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await (await fetch(`${base}/dev/mail/api/messages`)).json()) as Mail[];
    const found = mails.find(
      (m) => m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject),
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail matching ${subject} to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const linkIn = (mail: Mail, prefix: string) => {
  const link = mail.text.split(/\s+/).find((w) => w.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in "${mail.subject}"`);
  return link;
};

/** Registers and confirms an account through the API, as the register page and the e-mailed link do. */
export async function registerConfirmed(base: string, email: string, password: string) {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password, confirmPassword: password }),
  });
  if (!res.ok) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const confirmed = await fetch(linkIn(await waitForMail(base, email, /confirm/i), base), {
    redirect: 'manual',
  });
  if (confirmed.status !== 302) throw new Error(`confirmation answered ${confirmed.status}`);
}

/** Signs a browser context in as the login page does; staff set up an authenticator first (the second-factor gate). */
export async function signIn(
  request: APIRequestContext,
  base: string,
  email: string,
  password: string,
  { enroll = false } = {},
) {
  const headers = { origin: base };
  const res = await request.post(`${base}/api/auth/sign-in/email`, {
    data: { email, password, rememberMe: false },
    headers,
  });
  if (!res.ok()) throw new Error(`sign-in answered ${res.status()}`);
  if (!enroll) return;
  const enabled = await request.post(`${base}/api/auth/two-factor/enable`, {
    data: { password },
    headers,
  });
  if (!enabled.ok()) throw new Error(`two-factor/enable answered ${enabled.status()}`);
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const verified = await request.post(`${base}/api/auth/two-factor/verify-totp`, {
    data: { code: totpCode(keyOfUri(totpURI)) },
    headers,
  });
  if (!verified.ok()) throw new Error(`verify-totp answered ${verified.status()}`);
}

export const journey = {
  pickIds: ['imperial-college-london', 'university-college-london-ucl', 'university-of-edinburgh'],
  programId: 'msc-advanced-computer-science-manchester',
  universityId: 'university-of-manchester',
};

/** The picks and the program in the selection store, as /universities and /programs leave them. */
export async function chooseJourney(context: BrowserContext) {
  await context.addInitScript((j) => {
    sessionStorage.setItem(
      'portal.selection.v1',
      JSON.stringify({
        universityIds: j.pickIds,
        program: { programId: j.programId, universityId: j.universityId },
      }),
    );
  }, journey);
}

/** An application sent by a signed-in student (multipart, with a PDF), as the application page sends it. */
export async function submitApplication(
  request: APIRequestContext,
  base: string,
  email: string,
): Promise<string> {
  const pdf = readFileSync(path.join(root, 'tests/fixtures/files/transcript.pdf'));
  const res = await request.post(`${base}/api/applications`, {
    headers: { origin: base },
    multipart: {
      fullName: 'Amina Yusuf',
      dateOfBirth: '2001-04-23',
      email,
      phone: '+234 803 123 4567',
      passportNumber: 'A12345678',
      nationality: 'NG',
      residencyCountry: 'NG',
      englishLevel: 'advanced',
      hasCertification: 'no',
      programId: journey.programId,
      universityId: journey.universityId,
      cv: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf },
    },
  });
  if (res.status() !== 201)
    throw new Error(`application answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** The tracking link of the application's confirmation e-mail (its token rides in the #fragment). */
export async function trackingLink(base: string, email: string): Promise<string> {
  return linkIn(await waitForMail(base, email, /received your application/i), base);
}

/** Waits as a person does: the app took over the server's HTML (`<html data-hydrated>`), and nothing is loading. */
export async function waitUntilUsable(page: Page, timeout = 30_000) {
  await page.waitForFunction(
    () =>
      !document.getElementById('root') || document.documentElement.hasAttribute('data-hydrated'),
    undefined,
    {
      timeout,
    },
  );
  await page
    .waitForFunction(
      () =>
        document.querySelector('h1') !== null &&
        document.querySelectorAll('.animate-spin').length === 0,
      undefined,
      {
        timeout: 10_000,
      },
    )
    .catch(() => {});
}

export type { Browser };

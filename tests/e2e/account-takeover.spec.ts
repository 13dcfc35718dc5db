import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../tests/account-words.ts';
import {
  createSoftwarePasskey,
  registerPasskeyOverHttp,
  signInWithPasskeyOverHttp,
} from '../support/software-passkey.ts';
import {
  freePort,
  spawnServer,
  waitUntilHealthy,
  type ServerProcess,
} from '../support/server-process.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { startOidcProvider, type LocalOidcProvider } from '../support/oidc-provider.ts';
import { newEmail, setUpTotpOnAccountPage } from './auth-helpers.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';
import { confirmByLink, linkIn, waitForMail } from './outbox.ts';
import { createE2eAdmin, e2eAdminEmail } from './staff-admin-setup.ts';

/**
 * Issue 22 findings 1 and 2 end to end (decision 0032): a stranger who registered someone's address
 * first keeps no way into the account once its owner proves the inbox, or once it is invited to
 * the staff console. The stranger works the API with a software passkey; the owner uses Chromium.
 * A server of its own at http://localhost:<port> (a passkey belongs to a host name).
 */
const browser = useBrowser();
let server: ServerProcess;
let idp: LocalOidcProvider;
let origin = '';
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-takeover-'));
  const { database, drop } = await createTestDatabase();
  const port = await freePort();
  origin = `http://localhost:${port}`;
  const env = {
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: database.kind === 'postgres' ? database.url : '',
  };
  createE2eAdmin({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'warn' });
  // A university's SSO the stranger links to the account (a local oidc-provider).
  idp = await startOidcProvider({ redirectUris: [`${origin}/api/auth/callback/uni`] });
  server = await spawnServer(
    {
      ...env,
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'uni',
          name: 'University SSO',
          discoveryUrl: idp.discoveryUrl,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
        },
      ]),
      PORT: String(port),
      WEB_DIST_DIR: path.resolve(process.env.WEB_DIST_DIR ?? 'dist/web'),
      AUTH_RATE_LIMIT_IP_MAX: '1000',
    },
    { compiled: true },
  );
  if (!(await waitUntilHealthy(server)))
    throw new Error(`The server exited during start:\n${server.output()}`);
  cleanUp = async () => {
    await server.stop('SIGTERM');
    await idp.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  };
}, 120_000);
afterAll(async () => {
  await cleanUp?.();
});

const mail = (to: string, subject: RegExp, after = '') =>
  waitForMail(to, subject, { baseUrl: origin, after });

/** The API as a stranger at another computer uses it: the answer's status and session cookie. */
async function api(pathname: string, body: object, cookie = '') {
  const res = await fetch(`${origin}/api/auth${pathname}`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((pair) => pair.split('=')[1] !== '')
    .join('; ');
  return { status: res.status, cookie: session };
}

/** The stranger links their own identity at the university's SSO, which names the same address. */
async function linkSsoByApi(email: string, cookie: string) {
  const started = await fetch(`${origin}/api/auth/link-social`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', cookie },
    body: JSON.stringify({ provider: 'uni' }),
  });
  expect(started.status).toBe(200);
  const state = started.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  idp.addIdentity({ email, name: 'Stranger' });
  const back = await idp.authorize(((await started.json()) as { url: string }).url, email);
  const res = await fetch(back, { redirect: 'manual', headers: { cookie: `${cookie}; ${state}` } });
  expect(res.headers.get('location')).toBe('/account?linked=1');
}

const registerByApi = (email: string, password: string) =>
  api('/sign-up/email', { email, password, confirmPassword: password });

/**
 * A password field as ASVS 6.2.6 and 6.2.7 want it: masked, named for password managers, and
 * taking a paste (nothing cancels the paste event).
 */
async function expectPasswordField(page: Page, label: string, autocomplete: string) {
  const field = page.getByLabel(label, { exact: true });
  expect(await field.getAttribute('type')).toBe('password');
  expect(await field.getAttribute('autocomplete')).toBe(autocomplete);
  const pasteRefused = await field.evaluate(
    (el) =>
      !el.dispatchEvent(
        new ClipboardEvent('paste', {
          bubbles: true,
          cancelable: true,
          clipboardData: new DataTransfer(),
        }),
      ),
  );
  expect(pasteRefused).toBe(false);
}

async function registerInBrowser(page: Page, email: string, password: string) {
  await page.goto(`${origin}/register`);
  await expectPasswordField(page, 'Password', 'new-password');
  await expectPasswordField(page, 'Confirm password', 'new-password');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account & Start Application' }).click();
  await page.waitForURL('**/universities');
}

async function signInInBrowser(page: Page, email: string, password: string) {
  await page.goto(`${origin}/login`);
  await expectPasswordField(page, 'Password', 'current-password');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('a stranger registered the address first (issue 22 finding 1)', () => {
  it('the owner signs up and confirms from the e-mail: the stranger’s password no longer opens it, the owner’s does', async () => {
    const email = newEmail('victim');
    const stranger = await browser.open(`${origin}/`);
    const startedAt = new Date().toISOString();
    await registerInBrowser(stranger.page, email, 'stranger-secret-1');

    const owner = await browser.open(`${origin}/`, 'phone');
    await registerInBrowser(owner.page, email, 'owner-secret-1');
    // Two confirmation e-mails in the owner's inbox; the newest is theirs.
    const first = await mail(email, /confirm/i, startedAt);
    const newest = await mail(email, /confirm/i, first.createdAt);
    await owner.page.goto(linkIn(newest, origin));
    await owner.page.waitForURL('**/login?confirmed=1');
    await owner.page.getByText(authMessages.emailConfirmed).waitFor();
    // The stranger's own link (the first e-mail) confirms nothing now.
    expect((await confirmByLink(linkIn(first, origin), origin)).status).toBe(400);

    await signInInBrowser(stranger.page, email, 'stranger-secret-1');
    await stranger.page.getByRole('alert').getByText(authMessages.invalidCredentials).waitFor();
    // Nor can the stranger add a passkey: there is no session to add it to.
    const options = await fetch(`${origin}/api/auth/passkey/generate-register-options`);
    expect(options.status).toBe(401);

    await signInInBrowser(owner.page, email, 'owner-secret-1');
    await owner.page.waitForURL('**/dashboard');
    expect(stranger.problems.filter((p) => !p.includes('401'))).toEqual([]);
    expect(owner.problems).toEqual([]);
  });

  it('the owner opened the stranger’s confirmation first: a reset ends the stranger’s password, and the next screen removes the stranger’s passkey and linked identity', async () => {
    const email = newEmail('victim');
    expect((await registerByApi(email, 'stranger-secret-1')).status).toBe(200);
    // The e-mail lands in the owner's inbox, and the owner opens it.
    const owner = await browser.open(`${origin}/`);
    await owner.page.goto(linkIn(await mail(email, /confirm/i), origin));
    await owner.page.waitForURL('**/login?confirmed=1');

    // The stranger signs in and adds a passkey, which works.
    const signedIn = await api('/sign-in/email', { email, password: 'stranger-secret-1' });
    expect(signedIn.status).toBe(200);
    const strangerKey = createSoftwarePasskey();
    expect(
      await registerPasskeyOverHttp(origin, signedIn.cookie, strangerKey, 'Stranger key'),
    ).toBe(200);
    expect((await signInWithPasskeyOverHttp(origin, strangerKey)).status).toBe(200);
    // And links their own identity at the university's SSO.
    await linkSsoByApi(email, signedIn.cookie);

    // The owner signs up, is told the address has an account, and resets the password.
    const asked = new Date().toISOString();
    await registerInBrowser(owner.page, email, 'owner-secret-1');
    await mail(email, /already have/i, asked);
    await owner.page.goto(`${origin}/login`);
    await owner.page.getByLabel('Email').fill(email);
    await owner.page.getByRole('button', { name: 'Forgot your password?' }).click();
    await owner.page.getByText(authMessages.resetSent).waitFor();
    await owner.page.goto(linkIn(await mail(email, /reset/i, asked), origin));
    await owner.page.getByLabel('New password', { exact: true }).fill('owner-secret-1');
    await owner.page.getByLabel('Confirm new password', { exact: true }).fill('owner-secret-1');
    await owner.page.getByRole('button', { name: 'Set New Password' }).click();

    const review = owner.page.getByRole('heading', { name: 'Check the ways into your account' });
    await review.waitFor();
    const passkeys = owner.page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByText('Stranger key').waitFor();
    const identities = owner.page.getByRole('region', { name: 'Linked sign-ins' });
    await identities.getByText('University SSO').waitFor();
    await expectNoSeriousAxeViolations(owner.page);
    await screenshot(owner.page, 'account-review-sign-in-1280');
    // The same screen on a phone, in Arabic (right to left) and in English.
    const phone = await browser.open(`${origin}/`, 'phone');
    await phone.context.addCookies(await owner.context.cookies());
    await phone.page.goto(`${origin}/account/review-sign-in?lang=ar`);
    await phone.page.getByRole('heading', { name: 'تحقّق من طرق الدخول إلى حسابك' }).waitFor();
    await phone.page.getByRole('button', { name: 'إزالة Stranger key' }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expectNoSeriousAxeViolations(phone.page);
    await screenshot(phone.page, 'account-review-sign-in-ar-390');
    await phone.page.goto(`${origin}/account/review-sign-in?lang=en`);
    await phone.page.getByRole('button', { name: 'Remove Stranger key' }).waitFor();
    await screenshot(phone.page, 'account-review-sign-in-390');
    await passkeys.getByRole('button', { name: 'Remove Stranger key' }).click();
    await owner.page
      .getByText('Stranger key was removed: it no longer opens your account.')
      .waitFor();
    await identities.getByRole('button', { name: 'Remove University SSO' }).click();
    await owner.page
      .getByText('University SSO was removed: it no longer opens your account.')
      .waitFor();
    await owner.page.getByText('There is no other way in').waitFor();
    await owner.page.getByRole('button', { name: 'Continue' }).click();
    await owner.page.waitForURL('**/dashboard');

    expect((await signInWithPasskeyOverHttp(origin, strangerKey)).status).toBe(401);
    expect((await api('/sign-in/email', { email, password: 'stranger-secret-1' })).status).toBe(
      401,
    );
    const again = await api('/sign-in/email', { email, password: 'owner-secret-1' });
    expect(again.status).toBe(200);
    expect(owner.problems).toEqual([]);
  });
});

describe('an invitation (issue 22 finding 2)', () => {
  it('leaves the stranger’s passkey on the invited address no way in', async () => {
    // The administrator made by npm run admin:create sets a password and a second factor.
    const admin = await browser.open(`${origin}/`);
    const setPassword = await mail(e2eAdminEmail, /Set your password/);
    await admin.page.goto(linkIn(setPassword, origin));
    await admin.page.getByLabel('New password', { exact: true }).fill('admin password e2e');
    await admin.page.getByLabel('Confirm new password', { exact: true }).fill('admin password e2e');
    await admin.page.getByRole('button', { name: 'Set New Password' }).click();
    await admin.page.waitForURL('**/account?setup=two-factor');
    await setUpTotpOnAccountPage(admin.page, e2eAdminEmail, 'admin password e2e');

    // A stranger holds an applicant account on the new colleague's address, with a passkey.
    const email = newEmail('newhire');
    expect((await registerByApi(email, 'stranger-secret-1')).status).toBe(200);
    expect(
      (await confirmByLink(linkIn(await mail(email, /confirm/i), origin), origin)).status,
    ).toBe(200);
    const signedIn = await api('/sign-in/email', { email, password: 'stranger-secret-1' });
    const strangerKey = createSoftwarePasskey();
    expect(
      await registerPasskeyOverHttp(origin, signedIn.cookie, strangerKey, 'Stranger key'),
    ).toBe(200);
    expect((await signInWithPasskeyOverHttp(origin, strangerKey)).status).toBe(200);

    await admin.page.goto(`${origin}/staff/team`);
    await admin.page.getByRole('heading', { name: 'Invite a colleague' }).waitFor();
    await admin.page.getByLabel('E-mail', { exact: true }).fill(email);
    await admin.page.getByRole('button', { name: 'Send invitation' }).click();
    await admin.page.getByText(`Invitation sent to ${email}.`).waitFor();

    expect((await signInWithPasskeyOverHttp(origin, strangerKey)).status).toBe(401);
    const session = await fetch(`${origin}/api/auth/get-session`, {
      headers: { cookie: signedIn.cookie },
    });
    expect(await session.json()).toBeNull();
    expect(admin.problems).toEqual([]);
  });
});

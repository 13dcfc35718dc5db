import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  spawnServer,
  waitUntilHealthy,
  type ServerProcess,
} from '../support/server-process.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { newEmail, setUpTotpOnAccountPage } from './auth-helpers.ts';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';
import { confirmByLink, linkIn, waitForMail } from './outbox.ts';

// WebAuthn needs a host name (browsers refuse an IP address as the relying party), so this spec
// runs its own server at http://localhost:<port> instead of the shared one at 127.0.0.1.
const browser = useBrowser();
let server: ServerProcess;
let origin = '';
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-passkeys-'));
  const { database, drop } = await createTestDatabase();
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = await spawnServer(
    {
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.resolve(process.env.WEB_DIST_DIR ?? 'dist/web'),
      DATABASE_URL: database.kind === 'postgres' ? database.url : '',
    },
    { compiled: true },
  );
  if (!(await waitUntilHealthy(server)))
    throw new Error(`The server exited during start:\n${server.output()}`);
  cleanUp = async () => {
    await server.stop('SIGTERM');
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  };
}, 90_000);
afterAll(async () => {
  await cleanUp?.();
});

async function confirmedAccount() {
  const email = newEmail('passkey');
  const password = 'secret-e2e-1';
  const res = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password, confirmPassword: password }),
  });
  expect(res.ok).toBe(true);
  const link = linkIn(await waitForMail(email, /confirm/i, { baseUrl: origin }), origin);
  expect((await confirmByLink(link, origin)).status).toBe(200);
  return { email, password };
}

describe('passkeys (WebAuthn) with a virtual authenticator', () => {
  it('registers a passkey on /account, signs out, and signs in with it', async () => {
    const { email, password } = await confirmedAccount();
    const { page, context, problems } = await browser.open(`${origin}/login`);
    // The DevTools WebAuthn domain: a platform authenticator that says yes with user verification.
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto(`${origin}/account`);
    await page.getByRole('heading', { name: 'Passkeys' }).waitFor();

    // a name is needed
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Give the passkey a name, e.g. “My phone”.').waitFor();
    await page.getByLabel('Name for a new passkey').fill('Work laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey “Work laptop” added. You can now sign in with it.').waitFor();
    const list = page.getByRole('list', { name: 'Your passkeys' });
    await list.getByText('Work laptop').waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);

    // rename it
    await page.getByRole('button', { name: 'Rename Work laptop' }).click();
    await page.getByLabel('New name').fill('My laptop');
    await page.getByRole('button', { name: 'Save name' }).click();
    await list.getByText('My laptop').waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'account-passkeys-1280');

    // sign out (this device), then in again with the passkey alone
    await page.evaluate(
      async (o) =>
        fetch('/api/auth/sign-out', {
          method: 'POST',
          headers: { origin: o, 'content-type': 'application/json' },
          body: '{}',
        }),
      origin,
    );
    await page.goto(`${origin}/login`);
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    await page.waitForURL('**/dashboard');
    const session = await page.evaluate(async () => (await fetch('/api/auth/get-session')).json());
    expect(session.user.email).toBe(email);
    expect(problems).toEqual([]);
  });

  it('with an authenticator app too: the passkey signs in without a code, and the code step offers it', async () => {
    const { email, password } = await confirmedAccount();
    const { page, context, problems } = await browser.open(`${origin}/login`, 'phone');
    await addVirtualAuthenticator(page, context);
    await signInWithPassword(page, email, password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${origin}/account`);
    await setUpTotpOnAccountPage(page, email, password);
    await addPasskeyOnAccountPage(page, 'My phone');

    // Passkey first: straight in, the code is never asked for.
    const visited = trackUrls(page);
    await signOut(page);
    await page.goto(`${origin}/login`);
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    await page.waitForURL('**/dashboard');
    expect(visited.filter((url) => url.includes('step='))).toEqual([]);
    expect(await page.getByRole('heading', { name: 'Two-step verification' }).count()).toBe(0);
    expect(
      (await page.evaluate(async () => (await fetch('/api/auth/get-session')).json())).user.email,
    ).toBe(email);

    // Password first: the code step, where the passkey can stand in for the code.
    await signOut(page);
    await page.goto(`${origin}/login`);
    await signInWithPassword(page, email, password);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByText('Or use a passkey saved on this device instead of a code.').waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'login-code-step-with-passkey-390');
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    await page.waitForURL('**/dashboard');
    expect(problems.filter((p) => !/40[013]/.test(p))).toEqual([]);
  });

  it('a staff member whose second factor is a passkey opens the console, and is asked for it after the password', async () => {
    const { email, password } = await confirmedAccount();
    const made = await fetch(`${origin}/api/test/staff-role`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(made.status).toBe(204);
    const { page, context, problems } = await browser.open(`${origin}/login`);
    await addVirtualAuthenticator(page, context);
    await signInWithPassword(page, email, password);
    // No second factor yet: led to set one up, and a passkey will do.
    await page.waitForURL('**/account?setup=two-factor');
    await page.getByText('Set this up to open the staff console').waitFor();
    await addPasskeyOnAccountPage(page, 'Office laptop');
    await page.goto(`${origin}/staff`);
    await page.getByRole('heading', { name: 'Applications', level: 1 }).waitFor();

    await signOut(page);
    await page.goto(`${origin}/login`);
    await signInWithPassword(page, email, password);
    await page.getByRole('heading', { name: 'Confirm with your passkey' }).waitFor();
    expect(await page.getByLabel('Code from your authenticator app').count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'login-passkey-step-1280');
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    await page.waitForURL('**/staff');
    await page.getByRole('heading', { name: 'Applications', level: 1 }).waitFor();
    expect(problems.filter((p) => !/40[013]/.test(p))).toEqual([]);
  });

  it('an account without a password confirms it is them with the passkey, to remove a passkey and to download its data', async () => {
    const { email, password } = await confirmedAccount();
    const { page, context, problems } = await browser.open(`${origin}/login`, 'phone');
    const first = await addVirtualAuthenticator(page, context);
    await signInWithPassword(page, email, password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${origin}/account`);
    await addPasskeyOnAccountPage(page, 'Old tablet');
    // One authenticator holds one passkey per account: the second lives on another device.
    await first.remove();
    await addVirtualAuthenticator(page, context);
    await addPasskeyOnAccountPage(page, 'Phone');
    // The account stops having a password (as one made through a provider never had one).
    const dropped = await fetch(`${origin}/api/test/drop-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email }),
    });
    expect(dropped.status).toBe(204);
    await page.reload();

    await page.getByRole('button', { name: 'Remove Old tablet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog
      .getByText('For your safety, confirm with your passkey before this change.')
      .waitFor();
    expect(await dialog.getByLabel('Your password').count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'account-reauth-dialog-passkey-390');
    await dialog.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByText('Old tablet was removed.', { exact: false }).waitFor();

    // Within the 5 minutes, the download needs no second question.
    const data = page.getByRole('heading', { name: 'Download my data' }).locator('..');
    expect(await data.getByLabel('Your password').count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      data.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('uk-study-portal-my-data.zip');
    expect(problems.filter((p) => !/40[013]/.test(p))).toEqual([]);
  });

  it('a passkey this site does not know is refused in plain words', async () => {
    const { page, context } = await browser.open(`${origin}/login`, 'phone');
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    // A credential for this site that the portal never registered.
    await cdp.send('WebAuthn.addCredential', {
      authenticatorId,
      credential: {
        credentialId: Buffer.from('unknown-credential-id').toString('base64'),
        isResidentCredential: true,
        rpId: 'localhost',
        privateKey: await testPrivateKey(),
        userHandle: Buffer.from('someone').toString('base64'),
        signCount: 0,
      },
    });
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    await page.getByText('This passkey is not known here.', { exact: false }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'login-passkey-unknown-390');
  });
});

/** Chromium's virtual platform authenticator that says yes with user verification. */
async function addVirtualAuthenticator(page: Page, context: BrowserContext) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { remove: () => cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId }) };
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function addPasskeyOnAccountPage(page: Page, name: string) {
  await page.getByRole('heading', { name: 'Passkeys' }).waitFor();
  await page.getByLabel('Name for a new passkey').fill(name);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByText(`Passkey “${name}” added. You can now sign in with it.`).waitFor();
}

async function signOut(page: Page) {
  await page.evaluate(
    async (o) =>
      fetch('/api/auth/sign-out', {
        method: 'POST',
        headers: { origin: o, 'content-type': 'application/json' },
        body: '{}',
      }),
    origin,
  );
}

/** Every address the page goes to from now on. */
function trackUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

/** A P-256 private key in PKCS#8, base64, as the WebAuthn domain takes it. */
async function testPrivateKey(): Promise<string> {
  const { generateKeyPairSync } = await import('node:crypto');
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
}

import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { passkeys } from '../../server/db/schema/identity.ts';
import { cookieFrom } from '../factories/user.ts';
import { authGet, authPost } from '../factories/user-requests.ts';

/**
 * Test code: a software WebAuthn authenticator (ES256, "none" attestation), so server tests can do
 * real passkey ceremonies against @better-auth/passkey and @simplewebauthn/server. The browser's
 * side runs in e2e with Chromium's virtual authenticator.
 */
export interface SoftwarePasskey {
  /** base64url, as the browser sends `id` and the passkeys table keeps `credential_id`. */
  credentialId: string;
  privateKey: KeyObject;
  /** The COSE public key (what registration stores, base64). */
  cosePublicKey: Buffer;
  counter: number;
}

/** Minimal CBOR for COSE keys: maps with small integer keys, byte strings, small integers. */
function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}

function cbor(value: Map<number, number | Buffer>): Buffer {
  const int = (n: number) => (n >= 0 ? head(0, n) : head(1, -1 - n));
  const parts: Buffer[] = [head(5, value.size)];
  for (const [key, item] of value) {
    parts.push(int(key));
    parts.push(typeof item === 'number' ? int(item) : Buffer.concat([head(2, item.length), item]));
  }
  return Buffer.concat(parts);
}

export function createSoftwarePasskey(): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cosePublicKey = cbor(
    new Map<number, number | Buffer>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  return {
    credentialId: randomBytes(16).toString('base64url'),
    privateKey,
    cosePublicKey,
    counter: 0,
  };
}

/** Saves the passkey for the user as a finished registration would. */
export async function savePasskey(
  app: FastifyInstance,
  userId: string,
  passkey: SoftwarePasskey,
  name = 'Test key',
) {
  const [row] = await app.db
    .insert(passkeys)
    .values({
      userId,
      name,
      publicKey: passkey.cosePublicKey.toString('base64'),
      credentialID: passkey.credentialId,
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
      transports: 'internal',
    })
    .returning();
  return row!;
}

/** The authenticator's answer to a challenge (an assertion), as @simplewebauthn/browser sends it. */
export function assertion(
  app: FastifyInstance | string,
  passkey: SoftwarePasskey,
  challenge: string,
  { userVerified = true } = {},
) {
  const url = new URL(typeof app === 'string' ? app : app.config.publicUrl);
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.get', challenge, origin: url.origin, crossOrigin: false }),
  );
  passkey.counter += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(passkey.counter);
  const flags = 0x01 | (userVerified ? 0x04 : 0); // user present, user verified
  const authenticatorData = Buffer.concat([
    createHash('sha256').update(url.hostname).digest(),
    Buffer.from([flags]),
    counter,
  ]);
  const signature = sign(
    'sha256',
    Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]),
    passkey.privateKey,
  );
  return {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key',
    response: {
      clientDataJSON: clientDataJSON.toString('base64url'),
      authenticatorData: authenticatorData.toString('base64url'),
      signature: signature.toString('base64url'),
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}

const merge = (...cookies: Array<string | undefined>) => cookies.filter(Boolean).join('; ');

/**
 * "Continue with a passkey" as /login does it: the options (a challenge cookie), then the answer.
 * `cookie` is what the browser already holds (say, the two-factor step's cookie).
 */
export async function signInWithPasskey(
  app: FastifyInstance,
  passkey: SoftwarePasskey,
  { cookie, userVerified = true }: { cookie?: string; userVerified?: boolean } = {},
) {
  const options = await authGet(app, '/passkey/generate-authenticate-options', { cookie });
  if (options.statusCode !== 200)
    throw new Error(`authenticate options answered ${options.statusCode}`);
  const challengeCookie = cookieFrom(
    options.headers['set-cookie'] as string[] | string | undefined,
  );
  const { challenge } = options.json() as { challenge: string };
  return authPost(
    app,
    '/passkey/verify-authentication',
    { response: assertion(app, passkey, challenge, { userVerified }) },
    { cookie: merge(cookie, challengeCookie) },
  );
}

/** A text-keyed CBOR map of an attestation object ("none" format: no statement). */
function attestationObject(authData: Buffer): Buffer {
  const text = (value: string) => Buffer.concat([head(3, value.length), Buffer.from(value)]);
  return Buffer.concat([
    head(5, 3),
    text('fmt'),
    text('none'),
    text('attStmt'),
    head(5, 0),
    text('authData'),
    head(2, authData.length),
    authData,
  ]);
}

/** The authenticator's answer to registration options (attestation "none"), as a browser sends it. */
export function attestation(origin: string, passkey: SoftwarePasskey, challenge: string) {
  const url = new URL(origin);
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.create', challenge, origin: url.origin, crossOrigin: false }),
  );
  const credentialId = Buffer.from(passkey.credentialId, 'base64url');
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    createHash('sha256').update(url.hostname).digest(),
    Buffer.from([0x01 | 0x04 | 0x40]), // user present, user verified, attested credential data
    Buffer.alloc(4), // sign count 0
    Buffer.alloc(16), // AAGUID: none
    idLength,
    credentialId,
    passkey.cosePublicKey,
  ]);
  return {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key',
    response: {
      clientDataJSON: clientDataJSON.toString('base64url'),
      attestationObject: attestationObject(authData).toString('base64url'),
      transports: ['internal'],
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((pair) => pair.split('=')[1] !== '')
    .join('; ');

/**
 * Over HTTP, as a person (or a stranger) with this authenticator does it against a running
 * server: adds the passkey to the account signed in with `cookie`.
 */
export async function registerPasskeyOverHttp(
  origin: string,
  cookie: string,
  passkey: SoftwarePasskey,
  name: string,
): Promise<number> {
  const options = await fetch(`${origin}/api/auth/passkey/generate-register-options`, {
    headers: { cookie },
  });
  if (!options.ok) throw new Error(`register options answered ${options.status}`);
  const { challenge } = (await options.json()) as { challenge: string };
  const res = await fetch(`${origin}/api/auth/passkey/verify-registration`, {
    method: 'POST',
    headers: {
      origin,
      'content-type': 'application/json',
      cookie: merge(cookie, cookiesOf(options)),
    },
    body: JSON.stringify({ response: attestation(origin, passkey, challenge), name }),
  });
  return res.status;
}

/** "Continue with a passkey" over HTTP: the status of the answer, and its session cookie if any. */
export async function signInWithPasskeyOverHttp(origin: string, passkey: SoftwarePasskey) {
  const options = await fetch(`${origin}/api/auth/passkey/generate-authenticate-options`);
  const { challenge } = (await options.json()) as { challenge: string };
  const res = await fetch(`${origin}/api/auth/passkey/verify-authentication`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', cookie: cookiesOf(options) },
    body: JSON.stringify({ response: assertion(origin, passkey, challenge) }),
  });
  return { status: res.status, cookie: cookiesOf(res) };
}

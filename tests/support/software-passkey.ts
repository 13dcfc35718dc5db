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
function cbor(value: Map<number, number | Buffer>): Buffer {
  const head = (major: number, length: number) =>
    length < 24 ? Buffer.from([(major << 5) | length]) : Buffer.from([(major << 5) | 24, length]);
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
  app: FastifyInstance,
  passkey: SoftwarePasskey,
  challenge: string,
  { userVerified = true } = {},
) {
  const url = new URL(app.config.publicUrl);
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

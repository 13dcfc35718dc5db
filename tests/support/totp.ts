import { createHmac } from 'node:crypto';

/**
 * Test code: the authenticator app's side of TOTP (RFC 6238, SHA-1, 6 digits, 30 s), computed
 * from the key the portal shows as text, so tests can answer the second-factor step.
 */
function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const clean = input.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The current code for a base32 key (as in the otpauth:// URI and the key shown as text). */
export function totpCode(base32Key: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const digest = createHmac('sha1', base32Decode(base32Key)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const number = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(number).padStart(6, '0');
}

/** The base32 key of an otpauth:// URI. */
export function keyOfUri(uri: string): string {
  const key = new URL(uri).searchParams.get('secret');
  if (!key) throw new Error('no secret in the otpauth URI');
  return key;
}

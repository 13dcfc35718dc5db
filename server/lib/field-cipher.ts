import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for single fields (passport numbers, finding 14): AES-256-GCM under a key
 * from DATA_ENCRYPTION_KEYS. Stored as `enc1:<key id>:<iv>:<ciphertext>:<tag>`; the key id says
 * which key opens it, so keys rotate by putting a new one first and keeping the old ones until
 * the re-encryption job has moved every row (docs/security.md).
 */
export interface DataKey {
  id: string;
  key: Buffer;
}

export interface FieldCipher {
  readonly currentKeyId: string;
  encrypt(plain: string): string;
  /** The plain text; a value stored before encryption (no prefix) is returned as it is. */
  decrypt(stored: string): string;
  /** Whether the value is encrypted under the current key (else the job re-encrypts it). */
  isCurrent(stored: string): boolean;
}

const prefix = 'enc1';

export class KeyConfigError extends Error {}

/** `id:base64key,id:base64key` (32-byte keys), the first one current. */
export function parseDataKeys(text: string): DataKey[] {
  const keys = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [id, encoded, extra] = entry.split(':');
      if (!id || !encoded || extra !== undefined || !/^[A-Za-z0-9_-]{1,32}$/.test(id)) {
        throw new KeyConfigError(
          'each key is written id:base64key, e.g. 2025a:<openssl rand -base64 32>',
        );
      }
      const key = Buffer.from(encoded, 'base64');
      if (key.length !== 32)
        throw new KeyConfigError(`the key ${id} must be 32 bytes (openssl rand -base64 32)`);
      return { id, key };
    });
  if (keys.length === 0) throw new KeyConfigError('at least one key is needed');
  if (new Set(keys.map((k) => k.id)).size !== keys.length)
    throw new KeyConfigError('key ids must differ');
  return keys;
}

/** Without DATA_ENCRYPTION_KEYS: one key derived from the auth secret (fine for one machine; set keys in production). */
export function derivedDataKey(authSecret: string): DataKey {
  return {
    id: 'derived',
    key: Buffer.from(hkdfSync('sha256', authSecret, 'uk-study-portal', 'field-encryption', 32)),
  };
}

export function createFieldCipher(keys: DataKey[]): FieldCipher {
  const current = keys[0]!;
  const byId = new Map(keys.map((k) => [k.id, k.key]));
  return {
    currentKeyId: current.id,
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        prefix,
        current.id,
        iv.toString('base64url'),
        body.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
      ].join(':');
    },
    decrypt(stored) {
      const parts = stored.split(':');
      if (parts[0] !== prefix || parts.length !== 5) return stored;
      const [, id, iv, body, tag] = parts as [string, string, string, string, string];
      const key = byId.get(id);
      if (!key)
        throw new Error(
          `No data key with id ${id}: keep retired keys in DATA_ENCRYPTION_KEYS until re-encryption is done`,
        );
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
    isCurrent(stored) {
      return stored.startsWith(`${prefix}:${current.id}:`);
    },
  };
}

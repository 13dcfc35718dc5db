import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { PasswordHashing } from '../../server/auth/index.ts';

/**
 * better-auth's own scrypt, remembered per password for the life of the test worker (decision
 * 0047). A hash costs about 200 ms of CPU here and nearly every test signs users up and in, so the
 * suite spent minutes on it. Hashes stay real scrypt hashes, and a wrong password is still checked
 * by scrypt; only a password this worker already hashed is not hashed again.
 */
const hashes = new Map<string, Promise<string>>();
const checks = new Map<string, Promise<boolean>>();

export const rememberedPasswordHashing: PasswordHashing = {
  hash(password) {
    let hash = hashes.get(password);
    if (!hash) {
      hash = hashPassword(password);
      hashes.set(password, hash);
    }
    return hash;
  },
  async verify({ hash, password }) {
    if ((await hashes.get(password)) === hash) return true;
    const key = `${hash}\u0000${password}`;
    let check = checks.get(key);
    if (!check) {
      check = verifyPassword({ hash, password });
      checks.set(key, check);
    }
    return check;
  },
};

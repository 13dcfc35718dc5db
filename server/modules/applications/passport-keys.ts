import { eq, notLike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { applications } from '../../db/schema/applications.ts';
import { createFieldCipher, derivedDataKey, type FieldCipher } from '../../lib/field-cipher.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Encrypts and decrypts passport numbers at rest. */
    fieldCipher: FieldCipher;
  }
}

/**
 * Encrypts numbers stored before encryption, and re-encrypts those under a retired key once a
 * new key leads DATA_ENCRYPTION_KEYS. A batch at a time; returns how many rows it changed.
 */
export async function reencryptPassports(
  db: Db,
  cipher: FieldCipher,
  batch = 500,
): Promise<number> {
  let changed = 0;
  for (;;) {
    const rows = await db
      .select({ id: applications.id, passportNumber: applications.passportNumber })
      .from(applications)
      .where(notLike(applications.passportNumber, sql`${`enc1:${cipher.currentKeyId}:%`}`))
      .limit(batch);
    for (const row of rows) {
      await db
        .update(applications)
        .set({ passportNumber: cipher.encrypt(cipher.decrypt(row.passportNumber)) })
        .where(eq(applications.id, row.id));
    }
    changed += rows.length;
    if (rows.length < batch) return changed;
  }
}

/** `app.fieldCipher`, plus the job that keeps every row under the current key (at start and daily). */
export function registerPassportEncryption(app: FastifyInstance, authSecret: string): void {
  const keys = app.config.dataKeys.length > 0 ? app.config.dataKeys : [derivedDataKey(authSecret)];
  if (app.config.dataKeys.length === 0 && app.config.isProduction) {
    app.log.warn(
      'DATA_ENCRYPTION_KEYS is not set: passport numbers are encrypted with a key derived from BETTER_AUTH_SECRET',
    );
  }
  const cipher = createFieldCipher(keys);
  app.decorate('fieldCipher', cipher);
  const run = async () => {
    const changed = await reencryptPassports(app.db, cipher);
    if (changed > 0)
      app.log.info(
        { changed, keyId: cipher.currentKeyId },
        'passport numbers encrypted under the current key',
      );
  };
  app.scheduler.schedule('passports.reencrypt', {
    everySeconds: 86_400,
    offsetSeconds: 2 * 3_600,
    run,
  });
  let starting: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    starting = run().catch((error: unknown) =>
      app.log.error({ err: error }, 'passport re-encryption failed'),
    );
  });
  app.addHook('onClose', async () => starting);
}

import { asc } from 'drizzle-orm';
import { applicationDrafts } from '../../db/schema/drafts.ts';
import type { PersonalDataSource } from '../personal-data/registry.ts';
import { draftsOf, toDraftView } from './service.ts';

/** Unsent application forms (issue 25 §1) in "Download my data", and erased with the person. */
export const draftsSource: PersonalDataSource = {
  name: 'applicationDrafts',
  async collect(app, subject) {
    const rows = await app.db
      .select()
      .from(applicationDrafts)
      .where(draftsOf(subject))
      .orderBy(asc(applicationDrafts.createdAt));
    return {
      data: rows.map((row) => ({
        savedTo: row.userId ? 'account' : 'emailLink',
        email: row.email,
        createdAt: row.createdAt.toISOString(),
        ...toDraftView(row, app.fieldCipher),
      })),
    };
  },
  async erase(_app, tx, subject) {
    const removed = await tx
      .delete(applicationDrafts)
      .where(draftsOf(subject))
      .returning({ id: applicationDrafts.id });
    return { counts: { applicationDrafts: removed.length } };
  },
};

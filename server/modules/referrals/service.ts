import type { Db } from '../../db/client.ts';
import type { Locale } from '../../../shared/locales.ts';
import { AppError } from '../../lib/errors.ts';
import type {
  ContactRequestReceipt,
  PartnershipInput,
  ReferralInput,
} from '../../../shared/schemas/referral.ts';
import * as repo from './repository.ts';

export interface StoredOnce {
  receipt: ContactRequestReceipt;
  /** True when an earlier request with the same key stored the row. */
  isReplay: boolean;
}

const keyReused = () =>
  new AppError(
    'IDEMPOTENCY_KEY_REUSED',
    409,
    'This form was already sent with different details. Reload the page and send it again.',
  );

const toReceipt = (row: { id: string; createdAt: Date }): ContactRequestReceipt => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
});

function sameFields<T extends object>(row: T, input: Partial<T>): boolean {
  return Object.entries(input).every(([key, value]) => row[key as keyof T] === value);
}

/** Runs in the transaction that stored a new request (not on a replay): the team's notice. */
export type OnStored<Row> = (tx: Db, row: Row) => Promise<void>;

/** Stores a referral once per idempotency key; a replay answers with the first row. */
export async function createReferral(
  db: Db,
  input: ReferralInput,
  key: string,
  onStored: OnStored<repo.ReferralRow> = async () => {},
  language: Locale | null = null,
  partnerId: string | null = null,
): Promise<StoredOnce> {
  const inserted = await db.transaction(async (tx) => {
    const row = await repo.insertReferralOnce(tx, {
      ...input,
      language,
      partnerId,
      idempotencyKey: key,
    });
    if (row) await onStored(tx, row);
    return row;
  });
  if (inserted) return { receipt: toReceipt(inserted), isReplay: false };
  const existing = await repo.findReferralByKey(db, key);
  if (!existing || !sameFields(existing, input)) throw keyReused();
  return { receipt: toReceipt(existing), isReplay: true };
}

/** Stores a partnership request once per idempotency key; a replay answers with the first row. */
export async function createPartnership(
  db: Db,
  input: PartnershipInput,
  key: string,
  onStored: OnStored<repo.PartnershipRow> = async () => {},
  language: Locale | null = null,
): Promise<StoredOnce> {
  const inserted = await db.transaction(async (tx) => {
    const row = await repo.insertPartnershipOnce(tx, { ...input, language, idempotencyKey: key });
    if (row) await onStored(tx, row);
    return row;
  });
  if (inserted) return { receipt: toReceipt(inserted), isReplay: false };
  const existing = await repo.findPartnershipByKey(db, key);
  if (!existing || !sameFields(existing, input)) throw keyReused();
  return { receipt: toReceipt(existing), isReplay: true };
}

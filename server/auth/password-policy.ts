import { dictionary } from '@zxcvbn-ts/language-common';
import type { UserRole } from '../db/schema/auth.ts';
import { ValidationError } from '../lib/errors.ts';

/** D13: staff see passports, so their passwords are longer than the spec's 6 characters. */
export const staffMinPasswordLength = 12;

let common: Set<string> | undefined;

/**
 * About 49,000 common and leaked passwords (zxcvbn-ts's list, shipped in the package: no
 * network). Loaded on first use and kept; compared in lower case.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return common;
}

export function commonPasswordCount(): number {
  return commonPasswords().size;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * The rules beyond the shared schema's length (D13), for a new password set by someone with
 * `role`. Throws a 400 naming `field`, with its own message for each rule.
 */
export function checkNewPassword(password: string, role: UserRole, field: string): void {
  if (role !== 'applicant' && password.length < staffMinPasswordLength) {
    throw new ValidationError(
      {
        [field]: { code: 'STAFF_PASSWORD_TOO_SHORT', params: { minimum: staffMinPasswordLength } },
      },
      `Invalid value for ${field}.`,
    );
  }
  if (isCommonPassword(password)) {
    throw new ValidationError({ [field]: 'PASSWORD_TOO_COMMON' }, `Invalid value for ${field}.`);
  }
}

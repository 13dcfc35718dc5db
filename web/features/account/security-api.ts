import type { AccountSession } from '../../../shared/schemas/account';
import type { ChangePasswordInput } from '../../../shared/schemas/auth';
import { apiGet, apiPost } from '../../lib/api-client';
import { reloadSession, renewingSession } from '../../lib/auth-client';
import { announceSessionChange } from '../../lib/session-events';

export const sessionsKey = ['account', 'sessions'] as const;

export async function listSessions(): Promise<AccountSession[]> {
  return (await apiGet<{ sessions: AccountSession[] }>('/api/me/sessions')).sessions;
}

export async function endSession(id: string): Promise<void> {
  await apiPost('/api/me/sessions/end', { id });
}

export async function signOutOtherDevices(): Promise<void> {
  await apiPost('/api/auth/revoke-other-sessions', {});
}

/** Step one of setting up the authenticator app: the key (as an otpauth:// URI) and ten backup codes. */
export function startTwoFactor(
  password?: string,
): Promise<{ totpURI: string; backupCodes: string[] }> {
  // An account without a password sends none: a recent re-authentication stands in for it.
  return apiPost('/api/auth/two-factor/enable', password ? { password } : {});
}

/** Step two: the first code from the app turns two-step verification on. */
export async function confirmTwoFactor(code: string): Promise<void> {
  await renewingSession(() => apiPost('/api/auth/two-factor/verify-totp', { code }));
  await reloadSession();
}

/** Ten new backup codes (after re-authentication); the old ones stop working. Shown once. */
export async function regenerateBackupCodes(): Promise<string[]> {
  return (await apiPost<{ backupCodes: string[] }>('/api/me/two-factor/backup-codes', {}))
    .backupCodes;
}

export async function turnOffTwoFactor(): Promise<void> {
  await apiPost('/api/me/two-factor/disable', {});
  await reloadSession();
}

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await renewingSession(() => apiPost('/api/auth/change-password', input));
  announceSessionChange('password-changed');
}

export async function changeEmail(newEmail: string): Promise<void> {
  await apiPost('/api/auth/change-email', { newEmail });
}

/** The base32 key of an otpauth:// URI, in groups of four for typing into an app. */
export function keyText(totpURI: string): string {
  const key = new URL(totpURI).searchParams.get('secret') ?? '';
  return key
    .replace(/=+$/, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();
}

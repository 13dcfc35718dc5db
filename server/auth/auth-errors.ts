import {
  errorEnglish,
  isErrorCode,
  type ErrorCode,
  type ErrorParams,
} from '../../shared/error-codes.ts';

export interface AuthErrorAnswer {
  status: number;
  code: string;
  message: string;
  params?: ErrorParams;
}

const forbiddenOriginCodes = new Set([
  'INVALID_ORIGIN',
  'MISSING_OR_NULL_ORIGIN',
  'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
  'INVALID_CALLBACK_URL',
  'INVALID_REDIRECT_URL',
]);

/** better-auth's codes whose status we set ourselves (a wrong code is a 400, a lock a 429). */
const statusOf: Partial<Record<ErrorCode, number>> = {
  INVALID_CODE: 400,
  INVALID_BACKUP_CODE: 400,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 400,
  ACCOUNT_TEMPORARILY_LOCKED: 429,
  INVALID_TWO_FACTOR_COOKIE: 401,
  TOTP_NOT_ENABLED: 400,
  TOTP_ALREADY_ENABLED: 400,
  INVALID_OTP: 400,
  OTP_EXPIRED: 400,
  TOO_MANY_ATTEMPTS: 400,
  INVALID_PASSWORD: 400,
  SIGN_IN_LINK_INVALID: 400,
  PASSKEY_NOT_USER_VERIFIED: 400,
};

/** Codes whose English is ours rather than better-auth's (the spec's words). */
const ownWords = new Set<string>(['INVALID_EMAIL_OR_PASSWORD', 'EMAIL_NOT_VERIFIED']);

/** "Too many attempts" with the wait in words, e.g. "about 2 minutes" (for API clients). */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `about ${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `Too many attempts. Please wait ${wait} and try again.`;
}

/**
 * A better-auth error answer as ours (D17): its own code passes through, with the catalogue's
 * English when we have one; a wait comes as `retryAfterSeconds`.
 */
export function mapAuthError(
  path: string,
  status: number,
  body: unknown,
  retryAfter: string | null,
): AuthErrorAnswer {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const code = typeof raw.code === 'string' ? raw.code : undefined;
  if (code && (code in statusOf || ownWords.has(code))) {
    const known = code as ErrorCode;
    return { status: statusOf[known] ?? status, code: known, message: errorEnglish(known) };
  }
  if (status === 429) {
    const retryAfterSeconds = Number(retryAfter) || 60;
    return {
      status,
      code: 'RATE_LIMITED',
      message: rateLimitedMessage(retryAfterSeconds),
      params: { retryAfterSeconds },
    };
  }
  if (status >= 500) {
    return { status: 500, code: 'INTERNAL_ERROR', message: errorEnglish('INTERNAL_ERROR') };
  }
  if (path === '/reset-password' && (code === 'INVALID_TOKEN' || code === 'USER_NOT_FOUND')) {
    return { status: 400, code: 'RESET_LINK_INVALID', message: errorEnglish('RESET_LINK_INVALID') };
  }
  if (code && forbiddenOriginCodes.has(code)) {
    return { status: 403, code: 'FORBIDDEN_ORIGIN', message: errorEnglish('FORBIDDEN_ORIGIN') };
  }
  const theirs = typeof raw.message === 'string' && raw.message ? raw.message : undefined;
  if (isErrorCode(code)) return { status, code, message: theirs ?? errorEnglish(code) };
  if (status === 401) {
    return { status, code: 'UNAUTHENTICATED', message: errorEnglish('UNAUTHENTICATED') };
  }
  return { status, code: code ?? 'AUTH_ERROR', message: theirs ?? errorEnglish('AUTH_ERROR') };
}

import { authMessages, rateLimitedMessage } from '../../shared/auth-messages.ts';
import { identityMessages } from '../../shared/identity-messages.ts';

export interface AuthErrorAnswer {
  status: number;
  code: string;
  message: string;
}

const forbiddenOriginCodes = new Set([
  'INVALID_ORIGIN',
  'MISSING_OR_NULL_ORIGIN',
  'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
  'INVALID_CALLBACK_URL',
  'INVALID_REDIRECT_URL',
]);

/** better-auth's codes for the second factor and sign-in codes, in plain words (0019). */
const codeWords: Record<string, { message: string; status?: number }> = {
  INVALID_CODE: { message: authMessages.codeWrong, status: 400 },
  INVALID_BACKUP_CODE: { message: authMessages.backupCodeWrong, status: 400 },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { message: authMessages.codeTooManyTries, status: 400 },
  ACCOUNT_TEMPORARILY_LOCKED: { message: authMessages.factorLocked, status: 429 },
  INVALID_TWO_FACTOR_COOKIE: { message: authMessages.secondFactorExpired, status: 401 },
  TOTP_NOT_ENABLED: { message: authMessages.secondFactorExpired, status: 400 },
  TOTP_ALREADY_ENABLED: { message: authMessages.alreadyEnabled, status: 400 },
  INVALID_OTP: { message: authMessages.emailCodeWrong, status: 400 },
  OTP_EXPIRED: { message: authMessages.emailCodeWrong, status: 400 },
  TOO_MANY_ATTEMPTS: { message: authMessages.emailCodeTooManyTries, status: 400 },
  INVALID_PASSWORD: { message: authMessages.passwordWrong, status: 400 },
  SIGN_IN_LINK_INVALID: { message: authMessages.signInLinkInvalid, status: 400 },
  PASSKEY_NOT_USER_VERIFIED: { message: identityMessages.passkeyNotVerified, status: 400 },
};

/** Turns a better-auth error answer into ours: `{ error: { code, message } }` with words for people. */
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

  const words = codeWords[code ?? ''];
  if (words) return { status: words.status ?? status, code: code!, message: words.message };
  if (status === 429) {
    return { status, code: 'RATE_LIMITED', message: rateLimitedMessage(Number(retryAfter) || 60) };
  }
  if (status >= 500) {
    return {
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again later.',
    };
  }
  if (code === 'INVALID_EMAIL_OR_PASSWORD') {
    return { status, code, message: authMessages.invalidCredentials };
  }
  if (code === 'EMAIL_NOT_VERIFIED') {
    return { status, code, message: authMessages.notConfirmed };
  }
  if (path === '/reset-password' && (code === 'INVALID_TOKEN' || code === 'USER_NOT_FOUND')) {
    return { status: 400, code: 'RESET_LINK_INVALID', message: authMessages.resetLinkInvalid };
  }
  if (code && forbiddenOriginCodes.has(code)) {
    return {
      status: 403,
      code: 'FORBIDDEN_ORIGIN',
      message: 'This request came from another website and was refused.',
    };
  }
  if (status === 401) {
    return { status, code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' };
  }
  const message =
    typeof raw.message === 'string' && raw.message
      ? raw.message
      : 'The request could not be completed.';
  return { status, code: code ?? 'AUTH_ERROR', message };
}

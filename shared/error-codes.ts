/**
 * Every error code the API answers with and every code a shared schema's field issue carries
 * (D17, decision 0035), each with its English words for API clients. The web shows a code in the
 * reader's language through one message table (web/lib/error-text.ts, ids `error.<CODE>`); no
 * screen reads the English. `{name}` stands for a value the error carries in `params`.
 */
export const errorMessages = {
  // requests
  BAD_REQUEST: 'The request could not be understood.',
  VALIDATION_FAILED: 'Some fields are not valid.',
  INVALID_JSON: 'The request body is not valid JSON.',
  INVALID_CHARACTER:
    'The request contains a character that is not allowed (NUL or an unpaired surrogate).',
  TOO_DEEP: 'The request is nested too deeply.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
  RATE_LIMITED: 'Too many attempts. Please wait {retryAfterSeconds} seconds and try again.',
  INTERNAL_ERROR: 'Something went wrong on our side. Please try again later.',
  NOT_FOUND: 'There is nothing at this address.',
  FORBIDDEN: 'You do not have permission to do this.',
  FORBIDDEN_ORIGIN: 'This request came from another website and was refused.',
  UNAUTHENTICATED: 'Please sign in to continue.',
  INVALID_TOKEN: 'This token is not valid or has expired.',
  IDEMPOTENCY_KEY_REUSED:
    'This form was already sent with different details. Reload the page and send it again.',
  TOO_MANY_SUBMISSIONS:
    'Too many forms have been sent from here. Please wait {minutes} minutes and try again.',
  TOO_MANY_FOR_ADDRESS:
    'Too many forms have been sent for this e-mail address. Please wait {minutes} minutes and try again.',
  TOO_MANY_STREAMS:
    'Too many live updates are open. Close some other tabs or windows and try again.',
  // only in the browser: the server did not answer, or not with our JSON
  NETWORK_ERROR: 'We could not reach the server. Check your connection and try again.',
  HTTP_ERROR: 'Something went wrong. Please try again later.',

  // catalogue
  UNIVERSITY_NOT_FOUND: 'University not found.',
  PROGRAM_NOT_FOUND: 'Program not found.',
  TOO_MANY_PROGRAMS: 'More than {max} programs match: narrow the list.',
  CATEGORY_NOT_FOUND: 'No subject category with this name.',
  SITE_TEXT_NOT_FOUND: 'There is no such Latest Update or consultant.',
  COST_FIGURE_NOT_FOUND: 'No such figure.',
  LOGO_NOT_FOUND: 'No such logo.',
  LOGO_NOT_AN_IMAGE: 'A logo must be a PNG or JPEG image (SVG and other formats are not accepted).',
  LOGO_UNREADABLE: 'This file could not be read as a PNG or JPEG image.',
  LOGO_TOO_LARGE: 'A logo is at most {max} × {max} pixels.',
  CSV_INVALID: 'This CSV file could not be read. {detail}',
  GUIDANCE_AI_OFF: 'No assistant is configured here: fill in the form, the ranking is rule-based.',
  GUIDANCE_AI_FAILED: 'The assistant could not answer. Fill in the form below instead.',
  GUIDANCE_AI_TIMEOUT:
    'The assistant took too long to answer. Fill in the form below instead: it ranks the same way.',

  // applications, documents, casework
  APPLICATION_NOT_FOUND: 'Application not found.',
  APPLICATION_CLOSED: 'This application is closed: nothing more can be done on it.',
  ERASURE_REQUESTED:
    'The applicant asked for their data to be erased: nothing more is sent to them. The case is kept only for what the contract and legal duties need.',
  MULTIPART_REQUIRED: 'Send the form as a multipart form (multipart/form-data).',
  MALFORMED_FORM:
    'The form could not be read: it was cut short or badly formed. Please send it again.',
  FIELDS_AFTER_FILES: 'Send the form fields before the files.',
  TOO_MANY_FILES: 'Too many files: send each document once.',
  TOO_MANY_FIELDS: 'The form has too many fields.',
  UNKNOWN_DOCUMENT: 'This is not a document this form takes.',
  UNKNOWN_FIELD: 'This is not a field of this form: send the file only.',
  DUPLICATE_DOCUMENT: 'A document was sent twice. Send each document once.',
  TOO_MANY_FILES_IN_SLOT: 'At most {maximum} files for each document.',
  EMPTY_FILE: 'This file is empty. Please choose the file again.',
  FILE_TOO_LARGE: 'This file is larger than {megabytes} MB. Please upload a smaller file.',
  APPLICATION_TOO_LARGE:
    'Together your documents are larger than {megabytes} MB. Please upload smaller files.',
  UNSUPPORTED_FILE_TYPE: 'This file must be a PDF, JPG or PNG file.',
  // only in the browser: the file was changed or moved after it was chosen (issue 25 §4)
  FILE_CHANGED: 'This file changed after you chose it. Please choose it again.',
  DRAFT_NOT_FOUND: 'No saved application was found. The link may have expired.',
  DOCUMENT_NOT_FOUND: 'Document not found.',
  DOCUMENT_NOT_REQUESTED: 'This document has not been rejected, so there is nothing to send again.',
  DOCUMENT_CHANGED_MEANWHILE:
    'The applicant has sent a newer version of this document. Look at it before deciding.',
  STATUS_CHANGED_MEANWHILE:
    'Someone else has just changed this application. Check it again before changing it.',
  STATUS_UNCHANGED: 'The application already has this status.',
  STATUS_MOVE_NOT_ALLOWED: 'This application cannot move to that status.',
  STATUS_NOTE_REQUIRED: 'Say why the status goes back',
  STATUS_FOLLOWS_CHOICES:
    'Applied, offered and accepted follow the universities’ choices: record the sent date, the decision or the student’s reply on the choice.',
  UNKNOWN_STATUS: 'Unknown status',
  TRACKING_LINK_EXPIRED:
    'This tracking link has expired or is not valid. Enter your application ID and e-mail address to track your application.',
  TOO_MANY_TRACKING_ATTEMPTS:
    'Too many tracking attempts. Please wait a few minutes and try again.',
  REQUEST_NOT_FOUND: 'Request not found.',
  REQUEST_CLOSED: 'This request has already been answered.',
  ATTACHMENT_NOT_FOUND: 'Attachment not found.',
  TOO_MANY_MESSAGES:
    'Many messages have been sent in a short time. Please wait {minutes} minutes before sending another.',
  CASE_TAKEN: 'This case already has an owner. Ask an administrator to reassign it.',
  NOT_OFFERED_YET: 'The steps after an offer open once the application has an offer.',
  ERASURE_PLAN_CHANGED:
    'What would be kept has changed since it was shown: read it again, then confirm.',
  CONTACT_REQUEST_NOT_FOUND: 'Request not found.',
  REFERRAL_NO_STUDENT_EMAIL:
    'This referral has no e-mail address for the student: an invitation cannot be sent.',
  INVITATION_NOT_FOUND:
    'This invitation link is no longer valid. You can still apply: fill in the form yourself.',
  LEAD_NOT_FOUND: 'Lead not found.',
  LEAD_CHANGED_MEANWHILE:
    'Someone else has just changed this lead: the current version is shown. Check it before saving again.',
  LEAD_OWNER_NOT_STAFF: 'The owner must be a consultant or an administrator.',
  LEAD_CLOSE_REASON_REQUIRED: 'Say why the lead is closed',
  FUNNEL_RANGE_INVALID: 'Choose a start date on or before the end date, at most three years apart',

  // versions (issue 25 §2): a save based on what someone else has changed since
  VERSION_REQUIRED: 'Say which version of the record this change is based on.',
  NOTHING_TO_CHANGE: 'Nothing to change.',
  AFTER_OFFER_CHANGED_MEANWHILE:
    'Someone else saved these steps meanwhile. Their changes are shown; yours are kept: check them and save again.',
  DOCUMENT_REVIEWED_MEANWHILE:
    'Someone else has just reviewed this document. Their decision is shown: check it before deciding.',
  OWNER_CHANGED_MEANWHILE:
    'Someone else has just changed who owns this case. Check it again before changing it.',
  ROLE_CHANGED_MEANWHILE:
    'Someone else has just changed this person’s role. Check it again before changing it.',
  CONTACT_REQUEST_CHANGED_MEANWHILE:
    'Someone else has just changed this request. Check it again before changing it.',
  CATALOGUE_CHANGED_MEANWHILE:
    'Someone else saved this entry meanwhile. Their version is shown; check it and save again.',

  // choices (D18)
  CHOICE_NOT_FOUND: 'Choice not found.',
  CHOICE_CHANGED_MEANWHILE:
    'Someone else has just changed this choice. Check it again before changing it.',
  CHOICE_NOT_SENT: 'Record when the application was sent first.',
  CHOICE_ALREADY_DECIDED:
    'This choice already has a decision: correct it first if it was recorded by mistake.',
  CHOICE_NOT_CONDITIONAL: 'Only a conditional offer has conditions to meet.',
  CHOICE_NOTHING_TO_CORRECT: 'Nothing has been recorded on this choice yet.',
  CHOICE_NOT_AN_OFFER: 'Only an offer can be answered.',
  CHOICE_ALREADY_ANSWERED: 'You have already answered this offer. Write to the team to change it.',
  REPLY_DEADLINE_PASSED:
    'The deadline to reply to this offer has passed. Write to the team: they will ask the university.',
  FIRM_ALREADY_CHOSEN: 'You already have a firm choice. Only one offer can be firm.',
  INSURANCE_NEEDS_CONDITIONAL_FIRM:
    'An insurance choice is only for when your firm choice is a conditional offer.',
  INSURANCE_ALREADY_CHOSEN: 'You already have an insurance choice.',
  FILE_REQUIRED: 'Attach a file.',

  // consultations (D19)
  CONSULTANT_NOT_FOUND: 'This consultant is not taking bookings.',
  BOOKING_NOT_FOUND: 'This booking link is not valid. Please check your e-mail.',
  SLOT_TAKEN: 'This time was just taken. Please choose another.',
  SLOT_NOT_AVAILABLE: 'This time is not free. Please choose one of the times shown.',
  TOO_MANY_BOOKINGS: 'You already have {max} consultations booked. Cancel one to book another.',
  BOOKING_CLOSED: 'This consultation is cancelled or over and cannot be changed.',
  BOOKING_NOT_STARTED: 'A consultation can be marked held or missed once it has started.',
  BOOKING_CHANGED_MEANWHILE: 'Someone changed this booking meanwhile. Reload it and try again.',
  AVAILABILITY_CHANGED_MEANWHILE:
    'Someone changed these hours meanwhile. Reload them and try again.',
  ACCOUNT_ALREADY_LINKED: 'This account is already linked to another consultant.',

  // partners and commission (D20)
  PARTNER_NOT_FOUND: 'Partner not found.',
  PARTNERSHIP_ALREADY_ACCEPTED: 'This partnership request was already accepted.',
  PARTNER_ACCOUNT_TAKEN:
    'This e-mail address already belongs to a staff account or to another partner.',
  PARTNER_CHANGED: 'Someone changed this partner meanwhile. Check it again, then save.',
  COMMISSION_LINE_NOT_FOUND: 'Commission line not found.',
  COMMISSION_LINE_CHANGED:
    'Someone changed this commission line meanwhile. Check it again, then save.',
  COMMISSION_RATE_CHANGED:
    "Someone changed this university's commission meanwhile. Check it again, then save.",

  // staff and team
  USER_NOT_FOUND: 'No such account.',
  ALREADY_STAFF: 'This person is already on the team.',
  ACCOUNT_DEACTIVATED: 'This account is deactivated.',
  CANNOT_DEACTIVATE_SELF: 'You cannot deactivate your own account: ask another administrator.',
  LAST_ADMIN:
    'The portal needs at least one active administrator: make someone else an administrator first.',
  MAIL_NOT_FAILED: 'There is no failed message with this id: it may have been retried already.',
  MESSAGE_NOT_FOUND: 'There is no such message in the dev outbox.',

  // accounts (better-auth's own codes pass through: docs/decisions/0019, 0035)
  INVALID_EMAIL_OR_PASSWORD:
    'Invalid email or password. Please check your credentials and try again.',
  EMAIL_NOT_VERIFIED:
    'Your email address has not been confirmed yet. Please check your inbox, and your spam or junk folder, for the confirmation email we sent you. If you cannot find it, register again with the same email address to get a new link, or use “Resend confirmation” below.',
  RESET_LINK_INVALID:
    'This password reset link has expired or has already been used. Enter your email address to get a new one.',
  CONFIRM_LINK_INVALID:
    'This confirmation link has expired or is not valid. Register again with the same email address, or use “Resend confirmation”, to get a new one.',
  SIGN_IN_LINK_INVALID:
    'This sign-in link has expired or has already been used. Ask for a new code on the sign-in page.',
  INVALID_CODE: 'That code is not right. Check the code in your authenticator app and try again.',
  INVALID_BACKUP_CODE: 'That backup code is not right, or it has been used already.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE:
    'Too many wrong codes for this sign-in. Please sign in again.',
  ACCOUNT_TEMPORARILY_LOCKED:
    'Too many wrong codes. Two-step verification is locked for 15 minutes: please try again later.',
  INVALID_TWO_FACTOR_COOKIE: 'Your sign-in took too long to finish. Please sign in again.',
  TOTP_NOT_ENABLED: 'Your sign-in took too long to finish. Please sign in again.',
  TOTP_ALREADY_ENABLED: 'Two-step verification is already on for this account.',
  TWO_FACTOR_NOT_ENABLED:
    'Two-step verification is not on, so there are no backup codes to replace.',
  INVALID_OTP:
    'That code is not right, or it has expired or been used. Ask for a new code and try again.',
  OTP_EXPIRED:
    'That code is not right, or it has expired or been used. Ask for a new code and try again.',
  TOO_MANY_ATTEMPTS: 'Too many wrong codes. Ask for a new code and try again.',
  INVALID_PASSWORD: 'That password is not right.',
  WRONG_CURRENT_PASSWORD: 'This is not your current password.',
  SECOND_FACTOR_REQUIRED:
    'Staff accounts need two-step verification. Set it up on your account page, then open the staff console again.',
  REAUTH_REQUIRED:
    'For your safety, please confirm it is you (your password or a code) and try again.',
  REAUTH_TOO_MANY_TRIES: 'Too many wrong tries. Please wait 15 minutes and try again.',
  REAUTH_EMAIL_CODE_TOO_MANY:
    'You have asked for several codes already. Please wait a while, then ask again.',
  REAUTH_EMAIL_CODE_WRONG:
    'That code is not right, or it has expired or been used. Ask for a new code and try again.',
  REAUTH_PASSKEY_FAILED:
    'That passkey did not confirm it is you. Try again, or confirm another way.',
  NO_PASSKEY: 'This account has no passkey. Confirm it is you another way.',
  SESSION_NOT_FOUND: 'This device is no longer signed in.',
  USER_ALREADY_EXISTS: 'Failed to create an account. Email may already be in use.',
  AUTH_ERROR: 'The request could not be completed.',
  // other ways to sign in (docs/decisions/0020)
  PROVIDER_UNKNOWN: 'Choose one of the sign-in options shown on this page.',
  PROVIDER_CANCELLED: 'You cancelled the sign-in at the provider, so you are not signed in.',
  PROVIDER_EXPIRED: 'This sign-in has expired or was already used. Please start again.',
  PROVIDER_NOT_LINKED:
    'An account with this email address already exists. Sign in with your password first, then link this provider from My account.',
  PROVIDER_EMAIL_NOT_VERIFIED:
    'Your email address is not confirmed yet. We have sent you a confirmation link: open it, then sign in again.',
  PROVIDER_NO_EMAIL:
    'The provider did not share your email address, so we cannot sign you in with it.',
  PROVIDER_LINKED_ELSEWHERE: 'That sign-in is already linked to another account on this portal.',
  PROVIDER_DIFFERENT_EMAIL:
    'That sign-in uses a different email address from your account, so it cannot be linked.',
  PROVIDER_FAILED:
    'Signing in with that provider did not work. Please try again, or sign in with your email and password.',
  LAST_WAY_TO_SIGN_IN:
    'This is the only way you can sign in, so it cannot be removed. Add another way first.',
  ACCOUNT_NOT_LINKED: 'This sign-in is not linked to your account.',
  PASSKEY_NOT_FOUND: 'This passkey is not on your account.',
  PASSKEY_NOT_USER_VERIFIED:
    'Your device did not check that it is you (a PIN, fingerprint or face). Turn that on for this passkey, or sign in another way.',
  PASSKEY_NAME_REQUIRED: 'Give the passkey a name, e.g. “My phone”.',

  // field issues of the shared schemas (a schema's own message is one of these codes)
  CREDENTIALS_REQUIRED: 'You must provide either an email or phone number and a password',
  EMAIL_INVALID: 'Please enter a valid email address.',
  RESET_EMAIL_REQUIRED: 'Please enter your email address to reset your password.',
  PASSWORD_TOO_SHORT: 'Password must be at least {minimum} characters',
  PASSWORD_TOO_LONG: 'Password must be at most {maximum} characters',
  PASSWORD_TOO_COMMON:
    'This password is on a list of common or leaked passwords, so it is easy to guess. Please choose another one.',
  STAFF_PASSWORD_TOO_SHORT: 'Staff passwords must be at least {minimum} characters',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',
  CODE_FORMAT: 'Enter the 6-digit code from your authenticator app.',
  BACKUP_CODE_FORMAT: 'Enter one of your backup codes, for example abcde-12345.',
  EMAIL_CODE_FORMAT: 'Enter the 6-digit code from the e-mail we sent you.',
  CAS_NUMBER_FORMAT: 'A CAS number is 14 letters and digits',
  CONTACT_EMAIL_INVALID: 'Enter a valid email address, e.g. name@example.com',
  PHONE_INVALID: 'Enter a valid phone number with its country code, e.g. {example}',
  YES_OR_NO: 'Answer yes or no',
  BIRTH_DATE_IN_FUTURE: 'Date of birth cannot be in the future',
  TOO_YOUNG: 'You must be at least {minimum} years old to apply',
  BIRTH_DATE_NOT_REAL: 'Enter your real date of birth',
  TEST_DATE_PAST: 'Planned test date cannot be in the past',
  TEST_DATE_TOO_FAR: 'Choose a date within the next {years} years',
  PASSPORT_NUMBER_FORMAT: 'Passport number must be 5 to 20 letters or digits',
  PROGRAM_REQUIRED: 'Choose a program first',
  EXACTLY_THREE_PICKS: 'Pick exactly 3 universities',
  PICKED_TWICE: 'Each university can be picked once',
  APPLICATION_ID_INVALID: 'This is not an application ID. Copy it from your confirmation e-mail.',
  REJECTION_REASON_REQUIRED: 'Say why the document is rejected: the applicant reads it',
  MEETING_CHANNEL_REQUIRED: 'Choose video or WhatsApp',
  WHATSAPP_NUMBER_REQUIRED: 'Give a WhatsApp number for the call',
  EDUCATION_REQUIRED: 'Add at least one school, college or university you studied at',
  TOO_MANY_ENTRIES: 'At most {maximum} entries',
  YEAR_OUT_OF_RANGE: 'Enter a real year',
  END_BEFORE_START: 'The end year cannot be before the start year',
  ENGLISH_TEST_REQUIRED: 'Choose the English test you took, or “None yet”',
  TEST_DATE_REQUIRED: 'Enter the date you took the test',
  TEST_TAKEN_IN_FUTURE: 'The test date cannot be in the future',
  SCORE_REQUIRED: 'Enter this score',
  SCORE_OUT_OF_RANGE: 'This test scores from {min} to {max}',
  SCORE_STEP: 'This test scores in steps of {step}',
  STATEMENT_TOO_LONG: 'At most {maximum} characters',
  CONSENT_REQUIRED: 'Tick the box to agree that we share your application with these universities',
  CONSENT_OUTDATED: 'The consent wording changed: reload the page, read it and agree again',
  STUDENT_CONTACT_MISSING: 'Give the student’s e-mail or phone, so we can reach them',

  // zod's own issue codes, with zod's values (minimum, maximum, format) as params
  invalid_type: 'This field is required',
  too_small: 'This field is too short (at least {minimum})',
  too_big: 'This field is too long (at most {maximum})',
  invalid_format: 'This is not in the right format',
  invalid_value: 'Choose one of the allowed values',
  not_multiple_of: 'This is not an allowed number',
  unrecognized_keys: 'Unknown field',
  invalid_union: 'This value is not valid',
  invalid_key: 'This value is not valid',
  invalid_element: 'This value is not valid',
  custom: 'This value is not valid',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof errorMessages;
export type ErrorParams = Record<string, string | number>;

export const errorCodes = Object.keys(errorMessages) as ErrorCode[];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(errorMessages, value);

/** A code in a schema's message position (`.min(1, code('PROGRAM_REQUIRED'))`), checked by tsc. */
export const code = (value: ErrorCode): ErrorCode => value;

/** The code's English words with its values filled in (for API clients and logs). */
export function errorEnglish(code: ErrorCode, params: ErrorParams = {}): string {
  return errorMessages[code].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** What a field issue carries on the wire and into a form: a code and its values. */
export interface FieldIssue {
  code: string;
  params?: ErrorParams;
}

/** A zod issue's values worth a message: limits and formats, and a refinement's own params. */
const issueValueKeys = ['minimum', 'maximum', 'format', 'origin', 'expected', 'divisor'] as const;

/**
 * A zod issue as a code and values: the schema's own code when its message is one, else zod's code
 * with zod's limits.
 */
export function fieldIssue(issue: {
  code: string;
  message: string;
  params?: Record<string, unknown>;
  [key: string]: unknown;
}): FieldIssue {
  const params: ErrorParams = {};
  for (const key of issueValueKeys) {
    const value = issue[key];
    if (typeof value === 'number' || typeof value === 'string') params[key] = value;
    if (typeof value === 'bigint') params[key] = Number(value);
  }
  for (const [key, value] of Object.entries(issue.params ?? {})) {
    if (typeof value === 'number' || typeof value === 'string') params[key] = value;
  }
  const code = isErrorCode(issue.message) ? issue.message : issue.code;
  return Object.keys(params).length > 0 ? { code, params } : { code };
}

/** An OAuth callback's error (as the server hands it to /login or /account) as one of our codes. */
export function providerErrorCode(error: string): ErrorCode {
  switch (error) {
    case 'access_denied':
    case 'consent_required':
    case 'login_required':
    case 'interaction_required':
      return 'PROVIDER_CANCELLED';
    case 'state_mismatch':
    case 'state_not_found':
    case 'please_restart_the_process':
    case 'invalid_callback_request':
    case 'no_code':
    case 'invalid_code':
    case 'nonce_binding_missing':
      return 'PROVIDER_EXPIRED';
    case 'account_not_linked':
    case 'unable_to_link_account':
      return 'PROVIDER_NOT_LINKED';
    case 'email_not_verified':
      return 'PROVIDER_EMAIL_NOT_VERIFIED';
    case 'email_not_found':
      return 'PROVIDER_NO_EMAIL';
    case 'account_already_linked_to_different_user':
      return 'PROVIDER_LINKED_ELSEWHERE';
    case 'email_does_not_match':
    case "email_doesn't_match":
      return 'PROVIDER_DIFFERENT_EMAIL';
    default:
      return 'PROVIDER_FAILED';
  }
}

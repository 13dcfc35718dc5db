import { useCallback } from 'react';
import { defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import {
  errorCodes,
  errorEnglish,
  fieldIssue,
  isErrorCode,
  type ErrorCode,
  type ErrorParams,
  type FieldIssue,
} from '../../shared/error-codes';
import { localeInfo } from '../../shared/locales';
import type { z } from 'zod';
import { ApiError } from './api-client';

/**
 * Every code of shared/error-codes.ts in the reader's language (D17, decision 0035). Screens never
 * read a server's English: they pass what failed (an ApiError, a form field's error, a field issue
 * or a code) to `useErrorText()`. The completeness test (server/i18n/error-text.test.ts) checks that
 * every code has a message here and in each language.
 */
export const errorText = defineMessages({
  BAD_REQUEST: { id: 'error.BAD_REQUEST', defaultMessage: 'The request could not be understood.' },
  VALIDATION_FAILED: {
    id: 'error.VALIDATION_FAILED',
    defaultMessage: 'Some fields are not valid.',
  },
  INVALID_JSON: { id: 'error.INVALID_JSON', defaultMessage: 'The request body is not valid JSON.' },
  INVALID_CHARACTER: {
    id: 'error.INVALID_CHARACTER',
    defaultMessage:
      'The request contains a character that is not allowed (NUL or an unpaired surrogate).',
  },
  TOO_DEEP: { id: 'error.TOO_DEEP', defaultMessage: 'The request is nested too deeply.' },
  PAYLOAD_TOO_LARGE: { id: 'error.PAYLOAD_TOO_LARGE', defaultMessage: 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: {
    id: 'error.UNSUPPORTED_MEDIA_TYPE',
    defaultMessage: 'This content type is not supported.',
  },
  RATE_LIMITED: {
    id: 'error.RATE_LIMITED',
    defaultMessage: 'Too many attempts. Please wait a moment and try again.',
  },
  INTERNAL_ERROR: {
    id: 'error.INTERNAL_ERROR',
    defaultMessage: 'Something went wrong on our side. Please try again later.',
  },
  NOT_FOUND: { id: 'error.NOT_FOUND', defaultMessage: 'There is nothing at this address.' },
  FORBIDDEN: { id: 'error.FORBIDDEN', defaultMessage: 'You do not have permission to do this.' },
  FORBIDDEN_ORIGIN: {
    id: 'error.FORBIDDEN_ORIGIN',
    defaultMessage: 'This request came from another website and was refused.',
  },
  UNAUTHENTICATED: { id: 'error.UNAUTHENTICATED', defaultMessage: 'Please sign in to continue.' },
  INVALID_TOKEN: {
    id: 'error.INVALID_TOKEN',
    defaultMessage: 'This token is not valid or has expired.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    id: 'error.IDEMPOTENCY_KEY_REUSED',
    defaultMessage:
      'This form was already sent with different details. Reload the page and send it again.',
  },
  TOO_MANY_SUBMISSIONS: {
    id: 'error.TOO_MANY_SUBMISSIONS',
    defaultMessage:
      'Too many forms have been sent from here. Please wait {minutes} minutes and try again.',
  },
  TOO_MANY_FOR_ADDRESS: {
    id: 'error.TOO_MANY_FOR_ADDRESS',
    defaultMessage:
      'Too many forms have been sent for this e-mail address. Please wait {minutes} minutes and try again.',
  },
  TOO_MANY_STREAMS: {
    id: 'error.TOO_MANY_STREAMS',
    defaultMessage:
      'Too many live updates are open. Close some other tabs or windows and try again.',
  },
  NETWORK_ERROR: {
    id: 'error.NETWORK_ERROR',
    defaultMessage: 'We could not reach the server. Check your connection and try again.',
  },
  HTTP_ERROR: {
    id: 'error.HTTP_ERROR',
    defaultMessage: 'Something went wrong. Please try again later.',
  },
  UNIVERSITY_NOT_FOUND: {
    id: 'error.UNIVERSITY_NOT_FOUND',
    defaultMessage: 'University not found.',
  },
  PROGRAM_NOT_FOUND: { id: 'error.PROGRAM_NOT_FOUND', defaultMessage: 'Program not found.' },
  TOO_MANY_PROGRAMS: {
    id: 'error.TOO_MANY_PROGRAMS',
    defaultMessage: 'Too many programs match: narrow the list.',
  },
  CATEGORY_NOT_FOUND: {
    id: 'error.CATEGORY_NOT_FOUND',
    defaultMessage: 'No subject category with this name.',
  },
  COST_FIGURE_NOT_FOUND: { id: 'error.COST_FIGURE_NOT_FOUND', defaultMessage: 'No such figure.' },
  LOGO_NOT_FOUND: { id: 'error.LOGO_NOT_FOUND', defaultMessage: 'No such logo.' },
  LOGO_NOT_AN_IMAGE: {
    id: 'error.LOGO_NOT_AN_IMAGE',
    defaultMessage: 'A logo must be a PNG or JPEG image (SVG and other formats are not accepted).',
  },
  LOGO_UNREADABLE: {
    id: 'error.LOGO_UNREADABLE',
    defaultMessage: 'This file could not be read as a PNG or JPEG image.',
  },
  LOGO_TOO_LARGE: {
    id: 'error.LOGO_TOO_LARGE',
    defaultMessage: 'This logo is too large. Choose a smaller image.',
  },
  CSV_INVALID: {
    id: 'error.CSV_INVALID',
    defaultMessage: 'This CSV file could not be read. {detail}',
  },
  GUIDANCE_AI_OFF: {
    id: 'error.GUIDANCE_AI_OFF',
    defaultMessage: 'No assistant is configured here: fill in the form, the ranking is rule-based.',
  },
  GUIDANCE_AI_FAILED: {
    id: 'error.GUIDANCE_AI_FAILED',
    defaultMessage: 'The assistant could not answer. Fill in the form below instead.',
  },
  GUIDANCE_AI_TIMEOUT: {
    id: 'error.GUIDANCE_AI_TIMEOUT',
    defaultMessage:
      'The assistant took too long to answer. Fill in the form below instead: it ranks the same way.',
  },
  APPLICATION_NOT_FOUND: {
    id: 'error.APPLICATION_NOT_FOUND',
    defaultMessage: 'Application not found.',
  },
  APPLICATION_CLOSED: {
    id: 'error.APPLICATION_CLOSED',
    defaultMessage: 'This application is closed: nothing more can be done on it.',
  },
  ERASURE_REQUESTED: {
    id: 'error.ERASURE_REQUESTED',
    defaultMessage:
      'The applicant asked for their data to be erased: nothing more is sent to them. The case is kept only for what the contract and legal duties need.',
  },
  MULTIPART_REQUIRED: {
    id: 'error.MULTIPART_REQUIRED',
    defaultMessage: 'Send the form as a multipart form (multipart/form-data).',
  },
  MALFORMED_FORM: {
    id: 'error.MALFORMED_FORM',
    defaultMessage:
      'The form could not be read: it was cut short or badly formed. Please send it again.',
  },
  FIELDS_AFTER_FILES: {
    id: 'error.FIELDS_AFTER_FILES',
    defaultMessage: 'Send the form fields before the files.',
  },
  TOO_MANY_FILES: {
    id: 'error.TOO_MANY_FILES',
    defaultMessage: 'Too many files: send each document once.',
  },
  TOO_MANY_FIELDS: { id: 'error.TOO_MANY_FIELDS', defaultMessage: 'The form has too many fields.' },
  UNKNOWN_DOCUMENT: {
    id: 'error.UNKNOWN_DOCUMENT',
    defaultMessage: 'This is not a document this form takes.',
  },
  UNKNOWN_FIELD: {
    id: 'error.UNKNOWN_FIELD',
    defaultMessage: 'This is not a field of this form: send the file only.',
  },
  DUPLICATE_DOCUMENT: {
    id: 'error.DUPLICATE_DOCUMENT',
    defaultMessage: 'A document was sent twice. Send each document once.',
  },
  EMPTY_FILE: { id: 'error.EMPTY_FILE', defaultMessage: '{field} is an empty file' },
  FILE_TOO_LARGE: {
    id: 'error.FILE_TOO_LARGE',
    defaultMessage: '{field} is larger than {megabytes} MB',
  },
  APPLICATION_TOO_LARGE: {
    id: 'error.APPLICATION_TOO_LARGE',
    defaultMessage: 'Together your documents are too large. Please upload smaller files.',
  },
  UNSUPPORTED_FILE_TYPE: {
    id: 'error.UNSUPPORTED_FILE_TYPE',
    defaultMessage: '{field} must be a PDF, JPG or PNG file',
  },
  FILE_CHANGED: {
    id: 'error.FILE_CHANGED',
    defaultMessage: 'This file changed after you chose it. Please choose it again.',
  },
  DRAFT_NOT_FOUND: {
    id: 'error.DRAFT_NOT_FOUND',
    defaultMessage: 'No saved application was found. The link may have expired.',
  },
  DOCUMENT_NOT_FOUND: { id: 'error.DOCUMENT_NOT_FOUND', defaultMessage: 'Document not found.' },
  DOCUMENT_NOT_REQUESTED: {
    id: 'error.DOCUMENT_NOT_REQUESTED',
    defaultMessage: 'This document has not been rejected, so there is nothing to send again.',
  },
  DOCUMENT_CHANGED_MEANWHILE: {
    id: 'error.DOCUMENT_CHANGED_MEANWHILE',
    defaultMessage:
      'The applicant has sent a newer version of this document. Look at it before deciding.',
  },
  STATUS_CHANGED_MEANWHILE: {
    id: 'error.STATUS_CHANGED_MEANWHILE',
    defaultMessage:
      'Someone else has just changed this application. Check it again before changing it.',
  },
  STATUS_UNCHANGED: {
    id: 'error.STATUS_UNCHANGED',
    defaultMessage: 'The application already has this status.',
  },
  STATUS_MOVE_NOT_ALLOWED: {
    id: 'error.STATUS_MOVE_NOT_ALLOWED',
    defaultMessage: 'This application cannot move to that status.',
  },
  STATUS_NOTE_REQUIRED: {
    id: 'error.STATUS_NOTE_REQUIRED',
    defaultMessage: 'Say why the status goes back',
  },
  STATUS_FOLLOWS_CHOICES: {
    id: 'error.STATUS_FOLLOWS_CHOICES',
    defaultMessage:
      'Applied, offered and accepted follow the universities’ choices: record the sent date, the decision or the student’s reply on the choice.',
  },
  UNKNOWN_STATUS: { id: 'error.UNKNOWN_STATUS', defaultMessage: 'Unknown status' },
  TRACKING_LINK_EXPIRED: {
    id: 'error.TRACKING_LINK_EXPIRED',
    defaultMessage:
      'This tracking link has expired or is not valid. Enter your application ID and e-mail address to track your application.',
  },
  TOO_MANY_TRACKING_ATTEMPTS: {
    id: 'error.TOO_MANY_TRACKING_ATTEMPTS',
    defaultMessage: 'Too many tracking attempts. Please wait a few minutes and try again.',
  },
  REQUEST_NOT_FOUND: { id: 'error.REQUEST_NOT_FOUND', defaultMessage: 'Request not found.' },
  REQUEST_CLOSED: {
    id: 'error.REQUEST_CLOSED',
    defaultMessage: 'This request has already been answered.',
  },
  ATTACHMENT_NOT_FOUND: {
    id: 'error.ATTACHMENT_NOT_FOUND',
    defaultMessage: 'Attachment not found.',
  },
  TOO_MANY_MESSAGES: {
    id: 'error.TOO_MANY_MESSAGES',
    defaultMessage:
      'Many messages have been sent in a short time. Please wait {minutes} minutes before sending another.',
  },
  CASE_TAKEN: {
    id: 'error.CASE_TAKEN',
    defaultMessage: 'This case already has an owner. Ask an administrator to reassign it.',
  },
  NOT_OFFERED_YET: {
    id: 'error.NOT_OFFERED_YET',
    defaultMessage: 'The steps after an offer open once the application has an offer.',
  },
  ERASURE_PLAN_CHANGED: {
    id: 'error.ERASURE_PLAN_CHANGED',
    defaultMessage:
      'What would be kept has changed since it was shown: read it again, then confirm.',
  },
  CONTACT_REQUEST_NOT_FOUND: {
    id: 'error.CONTACT_REQUEST_NOT_FOUND',
    defaultMessage: 'Request not found.',
  },
  PARTNER_NOT_FOUND: {
    id: 'error.PARTNER_NOT_FOUND',
    defaultMessage: 'Partner not found.',
  },
  PARTNERSHIP_ALREADY_ACCEPTED: {
    id: 'error.PARTNERSHIP_ALREADY_ACCEPTED',
    defaultMessage: 'This partnership request was already accepted.',
  },
  PARTNER_ACCOUNT_TAKEN: {
    id: 'error.PARTNER_ACCOUNT_TAKEN',
    defaultMessage: 'This e-mail address already belongs to a staff account or to another partner.',
  },
  PARTNER_CHANGED: {
    id: 'error.PARTNER_CHANGED',
    defaultMessage: 'Someone changed this partner meanwhile. Check it again, then save.',
  },
  COMMISSION_LINE_NOT_FOUND: {
    id: 'error.COMMISSION_LINE_NOT_FOUND',
    defaultMessage: 'Commission line not found.',
  },
  COMMISSION_LINE_CHANGED: {
    id: 'error.COMMISSION_LINE_CHANGED',
    defaultMessage: 'Someone changed this commission line meanwhile. Check it again, then save.',
  },
  COMMISSION_RATE_CHANGED: {
    id: 'error.COMMISSION_RATE_CHANGED',
    defaultMessage:
      "Someone changed this university's commission meanwhile. Check it again, then save.",
  },
  REFERRAL_NO_STUDENT_EMAIL: {
    id: 'error.REFERRAL_NO_STUDENT_EMAIL',
    defaultMessage:
      'This referral has no e-mail address for the student: an invitation cannot be sent.',
  },
  INVITATION_NOT_FOUND: {
    id: 'error.INVITATION_NOT_FOUND',
    defaultMessage:
      'This invitation link is no longer valid. You can still apply: fill in the form yourself.',
  },
  LEAD_NOT_FOUND: { id: 'error.LEAD_NOT_FOUND', defaultMessage: 'Lead not found.' },
  LEAD_CHANGED_MEANWHILE: {
    id: 'error.LEAD_CHANGED_MEANWHILE',
    defaultMessage:
      'Someone else has just changed this lead: the current version is shown. Check it before saving again.',
  },
  LEAD_OWNER_NOT_STAFF: {
    id: 'error.LEAD_OWNER_NOT_STAFF',
    defaultMessage: 'The owner must be a consultant or an administrator.',
  },
  LEAD_CLOSE_REASON_REQUIRED: {
    id: 'error.LEAD_CLOSE_REASON_REQUIRED',
    defaultMessage: 'Say why the lead is closed',
  },
  FUNNEL_RANGE_INVALID: {
    id: 'error.FUNNEL_RANGE_INVALID',
    defaultMessage: 'Choose a start date on or before the end date, at most three years apart',
  },
  USER_NOT_FOUND: { id: 'error.USER_NOT_FOUND', defaultMessage: 'No such account.' },
  ALREADY_STAFF: {
    id: 'error.ALREADY_STAFF',
    defaultMessage: 'This person is already on the team.',
  },
  ACCOUNT_DEACTIVATED: {
    id: 'error.ACCOUNT_DEACTIVATED',
    defaultMessage: 'This account is deactivated.',
  },
  CANNOT_DEACTIVATE_SELF: {
    id: 'error.CANNOT_DEACTIVATE_SELF',
    defaultMessage: 'You cannot deactivate your own account: ask another administrator.',
  },
  LAST_ADMIN: {
    id: 'error.LAST_ADMIN',
    defaultMessage:
      'The portal needs at least one active administrator: make someone else an administrator first.',
  },
  MAIL_NOT_FAILED: {
    id: 'error.MAIL_NOT_FAILED',
    defaultMessage: 'There is no failed message with this id: it may have been retried already.',
  },
  MESSAGE_NOT_FOUND: {
    id: 'error.MESSAGE_NOT_FOUND',
    defaultMessage: 'There is no such message in the dev outbox.',
  },
  INVALID_EMAIL_OR_PASSWORD: {
    id: 'error.INVALID_EMAIL_OR_PASSWORD',
    defaultMessage: 'Invalid email or password. Please check your credentials and try again.',
  },
  EMAIL_NOT_VERIFIED: {
    id: 'error.EMAIL_NOT_VERIFIED',
    defaultMessage:
      'Your email address has not been confirmed yet. Please check your inbox, and your spam or junk folder, for the confirmation email we sent you. If you cannot find it, register again with the same email address to get a new link, or use “Resend confirmation” below.',
  },
  RESET_LINK_INVALID: {
    id: 'error.RESET_LINK_INVALID',
    defaultMessage:
      'This password reset link has expired or has already been used. Enter your email address to get a new one.',
  },
  CONFIRM_LINK_INVALID: {
    id: 'error.CONFIRM_LINK_INVALID',
    defaultMessage:
      'This confirmation link has expired or is not valid. Register again with the same email address, or use “Resend confirmation”, to get a new one.',
  },
  SIGN_IN_LINK_INVALID: {
    id: 'error.SIGN_IN_LINK_INVALID',
    defaultMessage:
      'This sign-in link has expired or has already been used. Ask for a new code on the sign-in page.',
  },
  INVALID_CODE: {
    id: 'error.INVALID_CODE',
    defaultMessage:
      'That code is not right. Check the code in your authenticator app and try again.',
  },
  INVALID_BACKUP_CODE: {
    id: 'error.INVALID_BACKUP_CODE',
    defaultMessage: 'That backup code is not right, or it has been used already.',
  },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: {
    id: 'error.TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
    defaultMessage: 'Too many wrong codes for this sign-in. Please sign in again.',
  },
  ACCOUNT_TEMPORARILY_LOCKED: {
    id: 'error.ACCOUNT_TEMPORARILY_LOCKED',
    defaultMessage:
      'Too many wrong codes. Two-step verification is locked for 15 minutes: please try again later.',
  },
  INVALID_TWO_FACTOR_COOKIE: {
    id: 'error.INVALID_TWO_FACTOR_COOKIE',
    defaultMessage: 'Your sign-in took too long to finish. Please sign in again.',
  },
  TOTP_NOT_ENABLED: {
    id: 'error.TOTP_NOT_ENABLED',
    defaultMessage: 'Your sign-in took too long to finish. Please sign in again.',
  },
  TOTP_ALREADY_ENABLED: {
    id: 'error.TOTP_ALREADY_ENABLED',
    defaultMessage: 'Two-step verification is already on for this account.',
  },
  TWO_FACTOR_NOT_ENABLED: {
    id: 'error.TWO_FACTOR_NOT_ENABLED',
    defaultMessage: 'Two-step verification is not on, so there are no backup codes to replace.',
  },
  INVALID_OTP: {
    id: 'error.INVALID_OTP',
    defaultMessage:
      'That code is not right, or it has expired or been used. Ask for a new code and try again.',
  },
  OTP_EXPIRED: {
    id: 'error.OTP_EXPIRED',
    defaultMessage:
      'That code is not right, or it has expired or been used. Ask for a new code and try again.',
  },
  TOO_MANY_ATTEMPTS: {
    id: 'error.TOO_MANY_ATTEMPTS',
    defaultMessage: 'Too many wrong codes. Ask for a new code and try again.',
  },
  INVALID_PASSWORD: { id: 'error.INVALID_PASSWORD', defaultMessage: 'That password is not right.' },
  WRONG_CURRENT_PASSWORD: {
    id: 'error.WRONG_CURRENT_PASSWORD',
    defaultMessage: 'This is not your current password.',
  },
  SECOND_FACTOR_REQUIRED: {
    id: 'error.SECOND_FACTOR_REQUIRED',
    defaultMessage:
      'Staff accounts need two-step verification. Set it up on your account page, then open the staff console again.',
  },
  REAUTH_REQUIRED: {
    id: 'error.REAUTH_REQUIRED',
    defaultMessage:
      'For your safety, please confirm it is you (your password or a code) and try again.',
  },
  REAUTH_TOO_MANY_TRIES: {
    id: 'error.REAUTH_TOO_MANY_TRIES',
    defaultMessage: 'Too many wrong tries. Please wait 15 minutes and try again.',
  },
  REAUTH_EMAIL_CODE_TOO_MANY: {
    id: 'error.REAUTH_EMAIL_CODE_TOO_MANY',
    defaultMessage:
      'You have asked for several codes already. Please wait a while, then ask again.',
  },
  REAUTH_EMAIL_CODE_WRONG: {
    id: 'error.REAUTH_EMAIL_CODE_WRONG',
    defaultMessage:
      'That code is not right, or it has expired or been used. Ask for a new code and try again.',
  },
  REAUTH_PASSKEY_FAILED: {
    id: 'error.REAUTH_PASSKEY_FAILED',
    defaultMessage: 'That passkey did not confirm it is you. Try again, or confirm another way.',
  },
  NO_PASSKEY: {
    id: 'error.NO_PASSKEY',
    defaultMessage: 'This account has no passkey. Confirm it is you another way.',
  },
  SESSION_NOT_FOUND: {
    id: 'error.SESSION_NOT_FOUND',
    defaultMessage: 'This device is no longer signed in.',
  },
  USER_ALREADY_EXISTS: {
    id: 'error.USER_ALREADY_EXISTS',
    defaultMessage: 'Failed to create an account. Email may already be in use.',
  },
  AUTH_ERROR: { id: 'error.AUTH_ERROR', defaultMessage: 'The request could not be completed.' },
  PROVIDER_UNKNOWN: {
    id: 'error.PROVIDER_UNKNOWN',
    defaultMessage: 'Choose one of the sign-in options shown on this page.',
  },
  PROVIDER_CANCELLED: {
    id: 'error.PROVIDER_CANCELLED',
    defaultMessage: 'You cancelled the sign-in at the provider, so you are not signed in.',
  },
  PROVIDER_EXPIRED: {
    id: 'error.PROVIDER_EXPIRED',
    defaultMessage: 'This sign-in has expired or was already used. Please start again.',
  },
  PROVIDER_NOT_LINKED: {
    id: 'error.PROVIDER_NOT_LINKED',
    defaultMessage:
      'An account with this email address already exists. Sign in with your password first, then link this provider from My account.',
  },
  PROVIDER_EMAIL_NOT_VERIFIED: {
    id: 'error.PROVIDER_EMAIL_NOT_VERIFIED',
    defaultMessage:
      'Your email address is not confirmed yet. We have sent you a confirmation link: open it, then sign in again.',
  },
  PROVIDER_NO_EMAIL: {
    id: 'error.PROVIDER_NO_EMAIL',
    defaultMessage:
      'The provider did not share your email address, so we cannot sign you in with it.',
  },
  PROVIDER_LINKED_ELSEWHERE: {
    id: 'error.PROVIDER_LINKED_ELSEWHERE',
    defaultMessage: 'That sign-in is already linked to another account on this portal.',
  },
  PROVIDER_DIFFERENT_EMAIL: {
    id: 'error.PROVIDER_DIFFERENT_EMAIL',
    defaultMessage:
      'That sign-in uses a different email address from your account, so it cannot be linked.',
  },
  PROVIDER_FAILED: {
    id: 'error.PROVIDER_FAILED',
    defaultMessage:
      'Signing in with that provider did not work. Please try again, or sign in with your email and password.',
  },
  LAST_WAY_TO_SIGN_IN: {
    id: 'error.LAST_WAY_TO_SIGN_IN',
    defaultMessage:
      'This is the only way you can sign in, so it cannot be removed. Add another way first.',
  },
  ACCOUNT_NOT_LINKED: {
    id: 'error.ACCOUNT_NOT_LINKED',
    defaultMessage: 'This sign-in is not linked to your account.',
  },
  PASSKEY_NOT_FOUND: {
    id: 'error.PASSKEY_NOT_FOUND',
    defaultMessage: 'This passkey is not on your account.',
  },
  PASSKEY_NOT_USER_VERIFIED: {
    id: 'error.PASSKEY_NOT_USER_VERIFIED',
    defaultMessage:
      'Your device did not check that it is you (a PIN, fingerprint or face). Turn that on for this passkey, or sign in another way.',
  },
  PASSKEY_NAME_REQUIRED: {
    id: 'error.PASSKEY_NAME_REQUIRED',
    defaultMessage: 'Give the passkey a name, e.g. “My phone”.',
  },
  CREDENTIALS_REQUIRED: {
    id: 'error.CREDENTIALS_REQUIRED',
    defaultMessage: 'You must provide either an email or phone number and a password',
  },
  EMAIL_INVALID: {
    id: 'error.EMAIL_INVALID',
    defaultMessage: 'Please enter a valid email address.',
  },
  RESET_EMAIL_REQUIRED: {
    id: 'error.RESET_EMAIL_REQUIRED',
    defaultMessage: 'Please enter your email address to reset your password.',
  },
  PASSWORD_TOO_SHORT: {
    id: 'error.PASSWORD_TOO_SHORT',
    defaultMessage: 'Password must be at least {minimum} characters',
  },
  PASSWORD_TOO_LONG: {
    id: 'error.PASSWORD_TOO_LONG',
    defaultMessage: 'Password must be at most {maximum} characters',
  },
  PASSWORD_TOO_COMMON: {
    id: 'error.PASSWORD_TOO_COMMON',
    defaultMessage:
      'This password is on a list of common or leaked passwords, so it is easy to guess. Please choose another one.',
  },
  STAFF_PASSWORD_TOO_SHORT: {
    id: 'error.STAFF_PASSWORD_TOO_SHORT',
    defaultMessage: 'Staff passwords must be at least {minimum} characters',
  },
  PASSWORDS_DO_NOT_MATCH: {
    id: 'error.PASSWORDS_DO_NOT_MATCH',
    defaultMessage: 'Passwords do not match',
  },
  CODE_FORMAT: {
    id: 'error.CODE_FORMAT',
    defaultMessage: 'Enter the 6-digit code from your authenticator app.',
  },
  BACKUP_CODE_FORMAT: {
    id: 'error.BACKUP_CODE_FORMAT',
    defaultMessage: 'Enter one of your backup codes, for example abcde-12345.',
  },
  EMAIL_CODE_FORMAT: {
    id: 'error.EMAIL_CODE_FORMAT',
    defaultMessage: 'Enter the 6-digit code from the e-mail we sent you.',
  },
  CAS_NUMBER_FORMAT: {
    id: 'error.CAS_NUMBER_FORMAT',
    defaultMessage: 'A CAS number is 14 letters and digits',
  },
  CONTACT_EMAIL_INVALID: {
    id: 'error.CONTACT_EMAIL_INVALID',
    defaultMessage: 'Enter a valid email address, e.g. name@example.com',
  },
  PHONE_INVALID: {
    id: 'error.PHONE_INVALID',
    defaultMessage: 'Enter a valid phone number with its country code, e.g. {example}',
  },
  YES_OR_NO: { id: 'error.YES_OR_NO', defaultMessage: 'Answer yes or no' },
  BIRTH_DATE_IN_FUTURE: {
    id: 'error.BIRTH_DATE_IN_FUTURE',
    defaultMessage: 'Date of birth cannot be in the future',
  },
  TOO_YOUNG: {
    id: 'error.TOO_YOUNG',
    defaultMessage: 'You must be at least {minimum} years old to apply',
  },
  BIRTH_DATE_NOT_REAL: {
    id: 'error.BIRTH_DATE_NOT_REAL',
    defaultMessage: 'Enter your real date of birth',
  },
  TEST_DATE_PAST: {
    id: 'error.TEST_DATE_PAST',
    defaultMessage: 'Planned test date cannot be in the past',
  },
  TEST_DATE_TOO_FAR: {
    id: 'error.TEST_DATE_TOO_FAR',
    defaultMessage: 'Choose a date within the next {years} years',
  },
  PASSPORT_NUMBER_FORMAT: {
    id: 'error.PASSPORT_NUMBER_FORMAT',
    defaultMessage: 'Passport number must be 5 to 20 letters or digits',
  },
  PROGRAM_REQUIRED: { id: 'error.PROGRAM_REQUIRED', defaultMessage: 'Choose a program first' },
  EXACTLY_THREE_PICKS: {
    id: 'error.EXACTLY_THREE_PICKS',
    defaultMessage: 'Pick exactly 3 universities',
  },
  PICKED_TWICE: { id: 'error.PICKED_TWICE', defaultMessage: 'Each university can be picked once' },
  APPLICATION_ID_INVALID: {
    id: 'error.APPLICATION_ID_INVALID',
    defaultMessage: 'This is not an application ID. Copy it from your confirmation e-mail.',
  },
  REJECTION_REASON_REQUIRED: {
    id: 'error.REJECTION_REASON_REQUIRED',
    defaultMessage: 'Say why the document is rejected: the applicant reads it',
  },
  MEETING_CHANNEL_REQUIRED: {
    id: 'error.MEETING_CHANNEL_REQUIRED',
    defaultMessage: 'Choose video or WhatsApp',
  },
  WHATSAPP_NUMBER_REQUIRED: {
    id: 'error.WHATSAPP_NUMBER_REQUIRED',
    defaultMessage: 'Give a WhatsApp number for the call',
  },
  STUDENT_CONTACT_MISSING: {
    id: 'error.STUDENT_CONTACT_MISSING',
    defaultMessage: 'Give the student’s e-mail or phone, so we can reach them',
  },
  EDUCATION_REQUIRED: {
    id: 'error.EDUCATION_REQUIRED',
    defaultMessage: 'Add at least one school, college or university you studied at',
  },
  TOO_MANY_ENTRIES: { id: 'error.TOO_MANY_ENTRIES', defaultMessage: 'At most {maximum} entries' },
  YEAR_OUT_OF_RANGE: { id: 'error.YEAR_OUT_OF_RANGE', defaultMessage: 'Enter a real year' },
  END_BEFORE_START: {
    id: 'error.END_BEFORE_START',
    defaultMessage: 'The end year cannot be before the start year',
  },
  ENGLISH_TEST_REQUIRED: {
    id: 'error.ENGLISH_TEST_REQUIRED',
    defaultMessage: 'Choose the English test you took, or “None yet”',
  },
  TEST_DATE_REQUIRED: {
    id: 'error.TEST_DATE_REQUIRED',
    defaultMessage: 'Enter the date you took the test',
  },
  TEST_TAKEN_IN_FUTURE: {
    id: 'error.TEST_TAKEN_IN_FUTURE',
    defaultMessage: 'The test date cannot be in the future',
  },
  SCORE_REQUIRED: { id: 'error.SCORE_REQUIRED', defaultMessage: 'Enter this score' },
  SCORE_OUT_OF_RANGE: {
    id: 'error.SCORE_OUT_OF_RANGE',
    defaultMessage: 'This test scores from {min} to {max}',
  },
  SCORE_STEP: { id: 'error.SCORE_STEP', defaultMessage: 'This test scores in steps of {step}' },
  STATEMENT_TOO_LONG: {
    id: 'error.STATEMENT_TOO_LONG',
    defaultMessage: 'At most {maximum} characters',
  },
  CONSENT_REQUIRED: {
    id: 'error.CONSENT_REQUIRED',
    defaultMessage: 'Tick the box to agree that we share your application with these universities',
  },
  CONSENT_OUTDATED: {
    id: 'error.CONSENT_OUTDATED',
    defaultMessage: 'The consent wording changed: reload the page, read it and agree again',
  },
  TOO_MANY_FILES_IN_SLOT: {
    id: 'error.TOO_MANY_FILES_IN_SLOT',
    defaultMessage: 'At most {maximum} files for each document',
  },
  invalid_type: { id: 'error.invalid_type', defaultMessage: '{field} is required' },
  too_small: { id: 'error.too_small', defaultMessage: '{field} is required' },
  too_big: { id: 'error.too_big', defaultMessage: '{field} must be at most {maximum} characters' },
  invalid_format: {
    id: 'error.invalid_format',
    defaultMessage: '{field} is not in the right format',
  },
  invalid_value: { id: 'error.invalid_value', defaultMessage: 'Choose {field} from the list' },
  not_multiple_of: {
    id: 'error.not_multiple_of',
    defaultMessage: '{field} is not an allowed number',
  },
  unrecognized_keys: {
    id: 'error.unrecognized_keys',
    defaultMessage: 'This field is not part of the form',
  },
  invalid_union: { id: 'error.invalid_union', defaultMessage: '{field} is not valid' },
  invalid_key: { id: 'error.invalid_key', defaultMessage: '{field} is not valid' },
  invalid_element: { id: 'error.invalid_element', defaultMessage: '{field} is not valid' },
  VERSION_REQUIRED: {
    id: 'error.VERSION_REQUIRED',
    defaultMessage: 'This page is out of date. Reload it and make your change again.',
  },
  NOTHING_TO_CHANGE: {
    id: 'error.NOTHING_TO_CHANGE',
    defaultMessage: 'Nothing has changed: there is nothing to save.',
  },
  AFTER_OFFER_CHANGED_MEANWHILE: {
    id: 'error.AFTER_OFFER_CHANGED_MEANWHILE',
    defaultMessage:
      'Someone else saved these steps meanwhile. Their changes are shown and yours are kept: check the marked fields and save again.',
  },
  DOCUMENT_REVIEWED_MEANWHILE: {
    id: 'error.DOCUMENT_REVIEWED_MEANWHILE',
    defaultMessage:
      'Someone else has just reviewed this document. Their decision is shown: check it before deciding.',
  },
  OWNER_CHANGED_MEANWHILE: {
    id: 'error.OWNER_CHANGED_MEANWHILE',
    defaultMessage:
      'Someone else has just changed who owns this case. Check it again before changing it.',
  },
  ROLE_CHANGED_MEANWHILE: {
    id: 'error.ROLE_CHANGED_MEANWHILE',
    defaultMessage:
      'Someone else has just changed this person’s role. Check it again before changing it.',
  },
  CONTACT_REQUEST_CHANGED_MEANWHILE: {
    id: 'error.CONTACT_REQUEST_CHANGED_MEANWHILE',
    defaultMessage:
      'Someone else has just changed this request. Check it again before changing it.',
  },
  SITE_TEXT_NOT_FOUND: {
    id: 'error.SITE_TEXT_NOT_FOUND',
    defaultMessage: 'There is no such Latest Update or consultant.',
  },
  CATALOGUE_CHANGED_MEANWHILE: {
    id: 'error.CATALOGUE_CHANGED_MEANWHILE',
    defaultMessage:
      'Someone else saved this entry meanwhile. Their version is shown and yours is kept: check it and save again.',
  },
  CHOICE_NOT_FOUND: {
    id: 'error.CHOICE_NOT_FOUND',
    defaultMessage: 'This choice no longer exists. Reload the page.',
  },
  CHOICE_CHANGED_MEANWHILE: {
    id: 'error.CHOICE_CHANGED_MEANWHILE',
    defaultMessage: 'Someone else has just changed this choice. Check it again before changing it.',
  },
  CHOICE_NOT_SENT: {
    id: 'error.CHOICE_NOT_SENT',
    defaultMessage: 'Record when the application was sent first.',
  },
  CHOICE_ALREADY_DECIDED: {
    id: 'error.CHOICE_ALREADY_DECIDED',
    defaultMessage:
      'This choice already has a decision: correct it first if it was recorded by mistake.',
  },
  CHOICE_NOT_CONDITIONAL: {
    id: 'error.CHOICE_NOT_CONDITIONAL',
    defaultMessage: 'Only a conditional offer has conditions to meet.',
  },
  CHOICE_NOTHING_TO_CORRECT: {
    id: 'error.CHOICE_NOTHING_TO_CORRECT',
    defaultMessage: 'Nothing has been recorded on this choice yet.',
  },
  CHOICE_NOT_AN_OFFER: {
    id: 'error.CHOICE_NOT_AN_OFFER',
    defaultMessage: 'Only an offer can be answered.',
  },
  CHOICE_ALREADY_ANSWERED: {
    id: 'error.CHOICE_ALREADY_ANSWERED',
    defaultMessage: 'You have already answered this offer. Write to our team to change it.',
  },
  REPLY_DEADLINE_PASSED: {
    id: 'error.REPLY_DEADLINE_PASSED',
    defaultMessage:
      'The deadline to reply to this offer has passed. Write to our team: they will ask the university.',
  },
  FIRM_ALREADY_CHOSEN: {
    id: 'error.FIRM_ALREADY_CHOSEN',
    defaultMessage: 'You already have a firm choice. Only one offer can be firm.',
  },
  INSURANCE_NEEDS_CONDITIONAL_FIRM: {
    id: 'error.INSURANCE_NEEDS_CONDITIONAL_FIRM',
    defaultMessage: 'An insurance choice is only for when your firm choice is a conditional offer.',
  },
  INSURANCE_ALREADY_CHOSEN: {
    id: 'error.INSURANCE_ALREADY_CHOSEN',
    defaultMessage: 'You already have an insurance choice.',
  },
  FILE_REQUIRED: {
    id: 'error.FILE_REQUIRED',
    defaultMessage: 'Attach a file.',
  },
  CONSULTANT_NOT_FOUND: {
    id: 'error.CONSULTANT_NOT_FOUND',
    defaultMessage: 'This consultant is not taking bookings. Please choose another.',
  },
  BOOKING_NOT_FOUND: {
    id: 'error.BOOKING_NOT_FOUND',
    defaultMessage:
      'This link does not open a consultation. Please open it again from your e-mail, whole.',
  },
  SLOT_TAKEN: {
    id: 'error.SLOT_TAKEN',
    defaultMessage: 'This time was just taken by someone else. Please choose another time.',
  },
  SLOT_NOT_AVAILABLE: {
    id: 'error.SLOT_NOT_AVAILABLE',
    defaultMessage: 'This time is no longer free. Please choose one of the times shown.',
  },
  TOO_MANY_BOOKINGS: {
    id: 'error.TOO_MANY_BOOKINGS',
    defaultMessage:
      'You already have {max, number} consultations booked. Cancel one (the link is in its e-mail) to book another.',
  },
  BOOKING_CLOSED: {
    id: 'error.BOOKING_CLOSED',
    defaultMessage: 'This consultation is cancelled or over and cannot be changed.',
  },
  BOOKING_NOT_STARTED: {
    id: 'error.BOOKING_NOT_STARTED',
    defaultMessage: 'A consultation can be marked held or missed once it has started.',
  },
  BOOKING_CHANGED_MEANWHILE: {
    id: 'error.BOOKING_CHANGED_MEANWHILE',
    defaultMessage: 'Someone changed this booking meanwhile. Reload it and try again.',
  },
  AVAILABILITY_CHANGED_MEANWHILE: {
    id: 'error.AVAILABILITY_CHANGED_MEANWHILE',
    defaultMessage: 'Someone changed these hours meanwhile. Reload them and try again.',
  },
  ACCOUNT_ALREADY_LINKED: {
    id: 'error.ACCOUNT_ALREADY_LINKED',
    defaultMessage: 'This account is already linked to another consultant.',
  },
  custom: { id: 'error.custom', defaultMessage: '{field} is not valid' },
}) satisfies Record<ErrorCode, MessageDescriptor>;

const more = defineMessages({
  waitSeconds: {
    id: 'error.wait.seconds',
    defaultMessage:
      'Too many attempts. Please wait {count, plural, one {# second} other {# seconds}} and try again.',
  },
  waitMinutes: {
    id: 'error.wait.minutes',
    defaultMessage:
      'Too many attempts. Please wait about {count, plural, one {# minute} other {# minutes}} and try again.',
  },
  tooShort: {
    id: 'error.too_small.characters',
    defaultMessage: '{field} must be at least {minimum} characters',
  },
  thisField: { id: 'error.field', defaultMessage: 'This field' },
});

/** What may have failed: an API answer, a form field's error, a field issue, a code, anything. */
export type Failure =
  | ApiError
  | FieldIssue
  | { type?: string; message?: string; params?: ErrorParams }
  | string
  | null
  | undefined
  | unknown;

interface Options {
  /** The field's label, in the reader's language, for the messages that name it. */
  field?: string;
  /** Shown for a failure without a code we know (a network error has one: NETWORK_ERROR). */
  fallback?: ErrorCode;
  /** Words (already in the reader's language) for a failure without a code we know. */
  otherwise?: string;
}

/** The code and values of a failure, or undefined when it has none we know. */
export function codeOf(failure: Failure): { code: ErrorCode; params: ErrorParams } | undefined {
  if (!failure) return undefined;
  if (typeof failure === 'string')
    return isErrorCode(failure) ? { code: failure, params: {} } : undefined;
  if (failure instanceof ApiError)
    return isErrorCode(failure.code)
      ? { code: failure.code, params: failure.params ?? {} }
      : undefined;
  if (typeof failure !== 'object') return undefined;
  const { code, type, message, params } = failure as {
    code?: unknown;
    type?: unknown;
    message?: unknown;
    params?: ErrorParams;
  };
  // a form field's error (react-hook-form): the schema's own code is its message, else zod's code
  const found = [code, message, type].find(isErrorCode);
  return found ? { code: found, params: params ?? {} } : undefined;
}

/** A failure's words in the reader's language (a pure function, for tests and non-React code). */
export function formatError(intl: IntlShape, failure: Failure, options: Options = {}): string {
  const found = codeOf(failure);
  if (!found && failure && options.otherwise) return options.otherwise;
  const known =
    found ?? (failure ? { code: options.fallback ?? 'HTTP_ERROR', params: {} } : undefined);
  if (!known) return '';
  const { code, params } = known;
  const say = (descriptor: MessageDescriptor, values: Record<string, string | number>) =>
    intl.formatMessage(descriptor, values);
  const field = options.field ?? say(more.thisField, {});
  // in a right-to-left sentence an example keeps its own order (left-to-right isolate)
  const rtl = Object.values(localeInfo).some(
    (info) => info.tag === intl.locale && info.dir === 'rtl',
  );
  const values: Record<string, string | number> = { ...params, field };
  if (typeof params.example === 'string' && rtl) values.example = `\u2066${params.example}\u2069`;
  if (code === 'RATE_LIMITED' && typeof params.retryAfterSeconds === 'number') {
    const seconds = Math.max(1, Math.ceil(params.retryAfterSeconds));
    return seconds < 60
      ? say(more.waitSeconds, { count: seconds })
      : say(more.waitMinutes, { count: Math.ceil(seconds / 60) });
  }
  if (code === 'too_small' && typeof params.minimum === 'number' && params.minimum > 1)
    return say(more.tooShort, values);
  return say(errorText[code], values);
}

/** `errorText(failure, { field })`: what failed, in the reader's language. */
export function useErrorText() {
  const intl = useIntl();
  return useCallback(
    (failure: Failure, options?: Options) => formatError(intl, failure, options),
    [intl],
  );
}

export const knownCodes = errorCodes;

/** Field issues in English words (the staff console's screens are in English only). */
export const englishOf = (issues: Record<string, FieldIssue>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(issues).map(([field, { code, params }]) => [
      field,
      isErrorCode(code) ? errorEnglish(code, params) : code,
    ]),
  );

/** A zod issue in English (its schema's own words, or its code's), for the staff console's English-only screens. */
export function issueEnglish(issue: z.core.$ZodIssue | undefined): string | undefined {
  if (!issue) return undefined;
  if (!isErrorCode(issue.message)) return issue.message;
  return errorEnglish(issue.message, fieldIssue(issue as never).params);
}

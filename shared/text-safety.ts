/*
 * Text the portal never stores, checked once where text comes in (every parsed JSON body, every
 * multipart field, every CSV cell) rather than route by route.
 */

/** A lone UTF-16 surrogate: in Unicode mode a well-formed pair is one code point, never `Cs`. */
const loneSurrogate = /\p{Cs}/u;

/**
 * NUL and lone UTF-16 surrogates (`"\ud800"` in JSON): PostgreSQL stores neither in text or jsonb
 * (a 500 on the write), and neither is anything a person typed.
 */
export function hasUnstorableCharacter(text: string): boolean {
  return text.includes('\0') || loneSurrogate.test(text);
}

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): they
 * reorder how the text after them reads, so "Oxford\u202Egnp.exe" shows as "Oxfordexe.png". The
 * marks a right-to-left script needs (U+200E, U+200F, U+061C) are not among them.
 */
const bidiControl = /[\u202A-\u202E\u2066-\u2069]/;
const bidiControls = /[\u202A-\u202E\u2066-\u2069]/g;

export const hasBidiControl = (text: string) => bidiControl.test(text);
export const stripBidiControls = (text: string) => text.replace(bidiControls, '');
export const bidiControlMessage = (label: string) =>
  `${label} cannot contain text-direction control characters`;

const unstorable = /\0|\p{Cs}/gu;

/**
 * A display name that came from elsewhere (an identity provider's profile): it loses bidi controls,
 * NUL and lone surrogates, as an applicant's typed name does, and is cut to `max` characters.
 * Refusing instead would stop a sign-in the person cannot fix.
 */
export const cleanDisplayName = (name: string, max = 200) =>
  Array.from(stripBidiControls(name).replace(unstorable, '').trim()).slice(0, max).join('').trim();

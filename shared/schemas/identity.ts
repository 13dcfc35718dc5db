import { z } from 'zod';
import { code } from '../error-codes.ts';

/** A sign-in provider's id, as /api/auth/providers lists them. */
export const providerInput = z.object({
  provider: z
    .string({ error: 'PROVIDER_UNKNOWN' })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'PROVIDER_UNKNOWN'),
});
export type ProviderInput = z.infer<typeof providerInput>;

/** One linked identity: its provider, and its id as /api/auth/list-accounts gives it (`id`). */
export const unlinkInput = z.object({
  providerId: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'PROVIDER_UNKNOWN'),
  accountId: z.uuid('ACCOUNT_NOT_LINKED'),
});
export type UnlinkInput = z.infer<typeof unlinkInput>;

export const passkeyNameMax = 60;
const passkeyName = z
  .string({ error: code('PASSKEY_NAME_REQUIRED') })
  .trim()
  .min(1, code('PASSKEY_NAME_REQUIRED'))
  .max(passkeyNameMax, `Keep the name to ${passkeyNameMax} characters or fewer.`);

/** A browser's WebAuthn answer (checked in full by @simplewebauthn/server behind better-auth). */
export const webAuthnResponse = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
    authenticatorAttachment: z.string().max(40).nullish(),
  })
  .passthrough();

/** A passkey's name, as the card's add and rename forms ask for it. */
export const passkeyNameInput = z.object({ name: passkeyName });
export const passkeyRegistrationInput = passkeyNameInput.extend({ response: webAuthnResponse });
export const passkeyAuthenticationInput = z.object({ response: webAuthnResponse });
export const passkeyRenameInput = passkeyNameInput.extend({
  id: z.uuid('This passkey was not found.'),
});
export const passkeyIdInput = z.object({ id: z.uuid('This passkey was not found.') });
export type PasskeyRenameInput = z.infer<typeof passkeyRenameInput>;
export type PasskeyNameInput = z.infer<typeof passkeyNameInput>;

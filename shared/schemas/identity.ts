import { z } from 'zod';
import { identityMessages } from '../identity-messages.ts';

/** A sign-in provider's id, as /api/auth/providers lists them. */
export const providerInput = z.object({
  provider: z
    .string({ error: identityMessages.providerUnknown })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, identityMessages.providerUnknown),
});
export type ProviderInput = z.infer<typeof providerInput>;

/** One linked identity: its provider, and its id as /api/auth/list-accounts gives it (`id`). */
export const unlinkInput = z.object({
  providerId: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, identityMessages.providerUnknown),
  accountId: z.uuid(identityMessages.notLinkedHere),
});
export type UnlinkInput = z.infer<typeof unlinkInput>;

export const passkeyNameMax = 60;
const passkeyName = z
  .string({ error: 'Give the passkey a name, e.g. “My phone”.' })
  .trim()
  .min(1, 'Give the passkey a name, e.g. “My phone”.')
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

export const passkeyRegistrationInput = z.object({ response: webAuthnResponse, name: passkeyName });
export const passkeyAuthenticationInput = z.object({ response: webAuthnResponse });
export const passkeyRenameInput = z.object({
  id: z.uuid('This passkey was not found.'),
  name: passkeyName,
});
export const passkeyIdInput = z.object({ id: z.uuid('This passkey was not found.') });
export type PasskeyRenameInput = z.infer<typeof passkeyRenameInput>;

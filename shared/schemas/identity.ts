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

/** One linked identity: its provider and the provider's id for the person. */
export const unlinkInput = z.object({
  providerId: z.string().trim().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, identityMessages.providerUnknown),
  accountId: z.string().trim().min(1).max(255).optional(),
});
export type UnlinkInput = z.infer<typeof unlinkInput>;

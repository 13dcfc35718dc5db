import { describe, expect, it } from 'vitest';
import { authMessages } from '../../shared/auth-messages.ts';
import { identityMessages } from '../../shared/identity-messages.ts';
import { authText, identityText, knownWords } from '../../web/features/auth/auth-text.ts';

// The account screens show the shared schemas' and the server's English words in the reader's
// language by looking them up (web/features/auth/auth-text.ts): a changed sentence on one side must
// not silently fall back to English.
describe('account messages known to the web app', () => {
  it('every shared auth and identity message has a message id with the very same English words', () => {
    for (const [key, words] of Object.entries({ ...authMessages, ...identityMessages })) {
      expect(knownWords.get(words)?.defaultMessage, key).toBe(words);
    }
    // Same-named descriptors carry the same words (a sentence changed on one side only fails here).
    for (const [key, descriptor] of Object.entries(authText)) {
      if (key in authMessages)
        expect(descriptor.defaultMessage, key).toBe(authMessages[key as keyof typeof authMessages]);
    }
    for (const [key, descriptor] of Object.entries(identityText)) {
      if (key in identityMessages)
        expect(descriptor.defaultMessage, key).toBe(
          identityMessages[key as keyof typeof identityMessages],
        );
    }
  });

  it('finds each by its words', () => {
    expect(knownWords.get(authMessages.credentialsRequired)?.id).toBe(
      'auth.message.credentialsRequired',
    );
    expect(knownWords.get(identityMessages.lastWayToSignIn)?.id).toBe(
      'identity.message.lastWayToSignIn',
    );
  });
});

import { useErrorText } from '../lib/error-text';

/** What failed, in the reader's language (D17): never the server's English. */
export function ErrorText({ error }: { error: unknown }) {
  return <>{useErrorText()(error)}</>;
}

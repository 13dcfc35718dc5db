import { FormattedMessage } from 'react-intl';
import type { DraftSaved } from './use-draft';

/** Where what was typed is kept: said quietly under the form, and read out once when it changes. */
export function DraftStatus({ saved }: { saved: DraftSaved }) {
  return (
    <p role="status" className="min-h-5 text-sm text-muted">
      {saved === 'browser' && (
        <FormattedMessage
          id="application.draft.savedBrowser"
          defaultMessage="Saved in this browser as you type."
        />
      )}
      {saved === 'account' && (
        <FormattedMessage
          id="application.draft.savedAccount"
          defaultMessage="Saved to your account: you can continue on another device from your dashboard."
        />
      )}
    </p>
  );
}

import { FormattedMessage } from 'react-intl';
import type { LiveState } from '../lib/use-live-updates';

export function LiveIndicator({ state }: { state: LiveState }) {
  const live = state === 'live';
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm font-medium text-muted">
      <span
        aria-hidden="true"
        className={`size-2.5 rounded-full ${live ? 'animate-pulse bg-green-600' : 'bg-slate-400'}`}
      />
      {live ? (
        <FormattedMessage id="track.live.live" defaultMessage="Live" />
      ) : state === 'connecting' ? (
        <FormattedMessage id="track.live.connecting" defaultMessage="Connecting…" />
      ) : (
        <FormattedMessage id="track.live.reconnecting" defaultMessage="Reconnecting…" />
      )}
    </span>
  );
}

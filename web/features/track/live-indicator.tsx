import type { LiveState } from './use-live-updates';

export function LiveIndicator({ state }: { state: LiveState }) {
  const live = state === 'live';
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm font-medium text-muted">
      <span aria-hidden="true" className={`size-2.5 rounded-full ${live ? 'animate-pulse bg-green-600' : 'bg-slate-400'}`} />
      {live ? 'Live' : state === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
    </span>
  );
}

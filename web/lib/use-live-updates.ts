import { useEffect, useEffectEvent, useState } from 'react';
import type { ApplicationView } from '../../shared/schemas/application';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * Follows a server-sent event stream of application records. EventSource reconnects by itself
 * after a drop (the server sends the current record on every connection); when the server
 * refuses the stream (an expired stream token), `onClosed` is called to get a new one.
 */
export function useLiveUpdates(
  url: string | null,
  onRecord: (record: ApplicationView) => void,
  {
    onOpen,
    onClosed,
    onSessionEnded,
  }: { onOpen?: () => void; onClosed?: () => void; onSessionEnded?: () => void } = {},
): LiveState {
  const [status, setStatus] = useState<{ url: string | null; state: LiveState }>({
    url: null,
    state: 'connecting',
  });
  const record = useEffectEvent((value: ApplicationView) => onRecord(value));
  const opened = useEffectEvent(() => onOpen?.());
  const closed = useEffectEvent(() => onClosed?.());
  const sessionEnded = useEffectEvent(() => onSessionEnded?.());

  useEffect(() => {
    if (!url) return;
    const source = new EventSource(url);
    let retryTimer: number | undefined;
    source.onopen = () => {
      setStatus({ url, state: 'live' });
      opened();
    };
    source.addEventListener('application', (event) => {
      try {
        record(JSON.parse((event as MessageEvent<string>).data) as ApplicationView);
      } catch {
        // a malformed message is skipped; the next one replaces the record anyway
      }
    });
    // The session this stream belonged to ended (signed out, elsewhere too): no reconnecting.
    source.addEventListener('session-ended', () => {
      source.close();
      sessionEnded();
    });
    source.onerror = () => {
      setStatus({ url, state: 'reconnecting' });
      if (source.readyState === EventSource.CLOSED) retryTimer = window.setTimeout(closed, 3000);
    };
    return () => {
      window.clearTimeout(retryTimer);
      source.close();
    };
  }, [url]);

  return status.url === url ? status.state : 'connecting';
}

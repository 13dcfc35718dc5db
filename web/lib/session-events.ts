/**
 * Session events across the tabs of one browser (issue 10, item 10): a sign-in, a sign-out, a
 * password change or a session the server ended, said once on a BroadcastChannel and heard by
 * every other open tab of the portal. The tab that did it already knows.
 */
export type SessionEvent = 'signed-in' | 'signed-out' | 'password-changed' | 'session-ended';

const channelName = 'portal-session';

let channel: BroadcastChannel | null | undefined;
function open(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName);
  }
  return channel;
}

export function announceSessionChange(event: SessionEvent): void {
  open()?.postMessage({ event });
}

/** Calls `listener` for each event another tab announces; returns the unsubscribe function. */
export function onSessionChange(listener: (event: SessionEvent) => void): () => void {
  const current = open();
  if (!current) return () => undefined;
  const handle = (message: MessageEvent<{ event?: SessionEvent }>) => {
    if (message.data?.event) listener(message.data.event);
  };
  current.addEventListener('message', handle);
  return () => current.removeEventListener('message', handle);
}

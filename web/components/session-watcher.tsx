import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from '../lib/router';
import {
  forgetSession,
  reloadSession,
  sessionEndingHere,
  sessionSettled,
  signOutFinished,
  signOutInProgress,
  useSession,
} from '../lib/auth-client';
import { announceSessionChange, onSessionChange } from '../lib/session-events';

/** What /login says to a tab whose session ended elsewhere. */
export const sessionEndedState = { sessionEnded: true } as const;

/**
 * Keeps every open tab true to the session (issue 10, item 10): another tab's sign-in, sign-out or
 * password change shows here at once (BroadcastChannel), and while signed in a small server-sent
 * event stream says when the server ended this session (sign out of other devices, an admin, a
 * reset): the tab then goes to /login with a message.
 */
export function SessionWatcher() {
  const session = useSession();
  const navigate = useNavigate();
  // navigate changes with the address: an event, so the session stream stays open across pages
  const toLogin = useEffectEvent(() =>
    navigate('/login', { replace: true, state: sessionEndedState, flushSync: true }),
  );
  const signedIn = Boolean(session.data);
  // A renewed session (new cookie) needs a new stream: bumped to reconnect.
  const [streamKey, setStreamKey] = useState(0);
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    wasSignedIn.current = signedIn;
  }, [signedIn]);

  useEffect(() => {
    async function ended(announce: boolean) {
      await sessionSettled();
      if (signOutInProgress()) return;
      const user = await reloadSession();
      if (user) return;
      const had = wasSignedIn.current;
      sessionEndingHere();
      forgetSession();
      if (announce) announceSessionChange('session-ended');
      if (had) await toLogin();
      signOutFinished();
    }
    return onSessionChange((event) => {
      if (event === 'signed-in' || event === 'password-changed') void reloadSession();
      else void ended(false);
    });
  }, []);

  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/me/session/stream');
    source.addEventListener('session-ended', () => {
      source.close();
      void (async () => {
        await sessionSettled();
        if (signOutInProgress()) return;
        const user = await reloadSession();
        if (user) {
          setStreamKey((key) => key + 1);
          return;
        }
        sessionEndingHere();
        forgetSession();
        announceSessionChange('session-ended');
        await toLogin();
        signOutFinished();
      })();
    });
    return () => source.close();
  }, [signedIn, streamKey]);

  return null;
}

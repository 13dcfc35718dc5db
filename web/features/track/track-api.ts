import type { ApplicationView, TrackResult } from '../../../shared/schemas/application';
import { apiFetch, apiPost } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

export type TrackSource =
  { kind: 'lookup'; applicationId: string; email: string } | { kind: 'token'; token: string };

const storageKey = 'portal.track.token';

export function fetchTracked(source: TrackSource): Promise<TrackResult> {
  return source.kind === 'lookup'
    ? apiPost<TrackResult>('/api/track', {
        applicationId: source.applicationId.trim(),
        email: source.email.trim(),
      })
    : apiPost<TrackResult>('/api/track/token', { token: source.token });
}

/**
 * The live stream is opened by a cookie that this call sets for that application's stream URL:
 * the stream token travels in a POST body, never in a URL.
 */
export function openStreamAccess(streamToken: string): Promise<{ url: string }> {
  return apiPost<{ url: string }>('/api/track/stream-access', { token: streamToken });
}

/** The tracking token lives in session storage, never in a URL (D4). */
export const rememberToken = (token: string) => sessionStorage.setItem(storageKey, token);
export const forgetToken = () => sessionStorage.removeItem(storageKey);
export const storedToken = () => sessionStorage.getItem(storageKey);

/** Reads `#t=<token>` from the confirmation e-mail's link and removes it from the address bar. */
export function takeTokenFromFragment(): string | null {
  const match = /^#t=([A-Za-z0-9_.-]+)$/.exec(window.location.hash);
  if (!match) return null;
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${window.location.search}`,
  );
  return match[1]!;
}

/** Downloads a document with the tracking token as a bearer: no secret in the link. */
export async function downloadWithToken(
  url: string,
  token: string,
  fileName: string,
): Promise<void> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error('The document could not be downloaded. Please try again.');
  saveFile(await res.blob(), fileName);
}

/** Sends a new version of a rejected document (one file of its slot), with the tracking token as a bearer. */
export function uploadNewVersion(
  applicationId: string,
  key: string,
  part: number,
  file: File,
  token: string,
): Promise<ApplicationView> {
  const body = new FormData();
  body.append(key, file);
  return apiFetch<ApplicationView>(
    `/api/applications/${encodeURIComponent(applicationId)}/documents/${encodeURIComponent(key)}${part > 1 ? `?part=${part}` : ''}`,
    {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${token}` },
    },
  );
}

import { useQuery } from '@tanstack/react-query';
import { isApiErrorBody } from '../../../shared/api-error';
import type { ErasurePreview } from '../../../shared/schemas/personal-data';
import { ApiError, apiGet, apiPost } from '../../lib/api-client';

/**
 * "Download my data": the zip comes back as the answer to a POST (the password is in the body, never
 * the URL). Without a password, a recent re-authentication (a code or a passkey) is needed.
 */
export function downloadMyData(password?: string): Promise<Blob> {
  return postForZip('/api/me/data-export', password ? { password } : {});
}

export const erasurePreviewKey = ['account', 'erasure-preview'] as const;

/**
 * What "Delete my account" would keep (an active case, D16) and delete at once, read fresh whenever
 * the page is shown again: the server refuses a deletion whose kept cases differ from this.
 */
export function useErasurePreview() {
  return useQuery({
    queryKey: erasurePreviewKey,
    queryFn: () => apiGet<ErasurePreview>('/api/me/erasure-preview'),
    staleTime: 0,
  });
}

/** Admins: what the portal holds for an address a request came from, before acting on it. */
export function lookUpPerson(email: string): Promise<ErasurePreview> {
  return apiPost('/api/staff/data-requests/lookup', { email });
}

export interface PersonRequest {
  email: string;
  password: string;
  /** How the admin checked the request comes from the holder of the address (kept in the audit). */
  verification: string;
}

/** An admin's export for a person who asked by e-mail. */
export function downloadPersonData(request: PersonRequest): Promise<Blob> {
  return postForZip('/api/staff/data-requests/export', request);
}

export function erasePersonData(
  request: PersonRequest & { kept: string[] },
): Promise<{ erased: boolean }> {
  return apiPost('/api/staff/data-requests/erase', request);
}

async function postForZip(path: string, body: object): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/zip, application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(
      0,
      'NETWORK_ERROR',
      'We could not reach the server. Check your connection and try again.',
    );
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    if (isApiErrorBody(body))
      throw new ApiError(response.status, body.error.code, body.error.message, body.error.fields);
    throw new ApiError(
      response.status,
      'HTTP_ERROR',
      'Something went wrong. Please try again later.',
    );
  }
  return response.blob();
}

export { saveFile } from '../../lib/save-file';

import { isApiErrorBody } from '../../../shared/api-error';
import { ApiError, apiPost } from '../../lib/api-client';

/**
 * "Download my data": the zip comes back as the answer to a POST (the password is in the body, never
 * the URL). Without a password, a recent re-authentication (a code or a passkey) is needed.
 */
export function downloadMyData(password?: string): Promise<Blob> {
  return postForZip('/api/me/data-export', password ? { password } : {});
}

/** An admin's export for a person who asked by e-mail. */
export function downloadPersonData(email: string, password: string): Promise<Blob> {
  return postForZip('/api/staff/data-requests/export', { email, password });
}

export function erasePersonData(email: string, password: string): Promise<{ erased: boolean }> {
  return apiPost('/api/staff/data-requests/erase', { email, password });
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

import { isApiErrorBody } from '../../shared/api-error';
import { ApiError } from './api-client';

/**
 * A zip that comes back as the answer to a POST (a password or an address travels in the body,
 * never the URL); a refusal comes back as the API's JSON error.
 */
export async function postForZip(path: string, body: object): Promise<Blob> {
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

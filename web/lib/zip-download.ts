import { apiErrorFrom, networkError } from './api-client';

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
    throw networkError();
  }
  if (!response.ok) throw apiErrorFrom(response.status, await response.json().catch(() => null));
  return response.blob();
}

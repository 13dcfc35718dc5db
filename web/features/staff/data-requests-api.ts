import type { ErasurePreview } from '../../../shared/schemas/personal-data';
import { apiPost } from '../../lib/api-client';
import { postForZip } from '../../lib/zip-download';

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

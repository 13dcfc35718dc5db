import { useQuery } from '@tanstack/react-query';
import type { ErasurePreview } from '../../../shared/schemas/personal-data';
import { apiGet } from '../../lib/api-client';
import { postForZip } from '../../lib/zip-download';

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

export { saveFile } from '../../lib/save-file';

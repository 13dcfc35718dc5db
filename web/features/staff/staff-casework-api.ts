import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StageTimes } from '../../../shared/schemas/casework';
import { apiFetch, apiGet, apiPost } from '../../lib/api-client';

const base = (id: string) => `/api/staff/applications/${encodeURIComponent(id)}`;
const json = (method: string, body: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Each call reads the application (and the queue) again; the live stream does so for everyone else. */
export function useCaseworkAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['staff', 'application', id] });
      void client.invalidateQueries({ queryKey: ['staff', 'queue'] });
    },
  });
}

export const staffCasework = {
  ask: (id: string, body: object) => apiPost<{ id: string }>(`${base(id)}/requests`, body),
  cancel: (id: string, requestId: string) =>
    apiPost<null>(`${base(id)}/requests/${encodeURIComponent(requestId)}/cancel`, {}),
  send: (id: string, body: string, file: File | undefined) => {
    if (!file) return apiPost<null>(`${base(id)}/messages`, { body });
    const form = new FormData();
    form.append('body', body);
    form.append('attachment', file);
    return apiFetch<null>(`${base(id)}/messages`, { method: 'POST', body: form });
  },
  read: (id: string) => apiPost<null>(`${base(id)}/messages/read`, {}),
  /** `from`: the owner shown; someone else's change meanwhile is a 409 (issue 25 §2). */
  assign: (id: string, from: string | null, ownerId: string | null) =>
    apiFetch<null>(`${base(id)}/owner`, json('PUT', { from, ownerId })),
  close: (id: string, reason: string) => apiPost<null>(`${base(id)}/close`, { reason }),
  afterOffer: (id: string, values: object) =>
    apiFetch<null>(`${base(id)}/after-offer`, json('PATCH', values)),
};

export function useAssignable(enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'assignable'],
    queryFn: () =>
      apiGet<{ id: string; name: string; email: string; role: string }[]>('/api/staff/assignable'),
    enabled,
  });
}

export function useStageTimes() {
  return useQuery({
    queryKey: ['staff', 'stage-times'],
    queryFn: () => apiGet<StageTimes>('/api/staff/stage-times'),
  });
}

export function useSetStageTimes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (times: StageTimes) =>
      apiFetch<StageTimes>('/api/staff/stage-times', json('PUT', times)),
    onSuccess: (times) => {
      client.setQueryData(['staff', 'stage-times'], times);
      void client.invalidateQueries({ queryKey: ['staff', 'queue'] });
    },
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationStatus } from '../../../shared/application-status';
import type {
  AuditPage,
  ContactRequestDetail,
  DocumentReviewInput,
  ContactRequestPage,
  InternalNote,
  QueuePage,
  StaffApplicationDetail,
  TeamMember,
} from '../../../shared/schemas/staff';
import type { MailOverview } from '../../../shared/schemas/mail';
import type { ContactRequestStatus, ContactRequestType } from '../../../shared/staff-workflow';
import { ApiError, apiFetch, apiGet, apiPost } from '../../lib/api-client';

/** Everything the console reads is fresh: staff act on what they see. */
const fresh = { staleTime: 0, refetchOnWindowFocus: true } as const;

export type QueueParams = Record<string, string | undefined>;

export function useQueue(params: QueueParams) {
  return useQuery({
    queryKey: ['staff', 'queue', params],
    queryFn: () => apiGet<QueuePage>('/api/staff/applications', params),
    placeholderData: keepPreviousData,
    ...fresh,
  });
}

export function useStaffApplication(id: string) {
  return useQuery({
    queryKey: ['staff', 'application', id],
    queryFn: () =>
      apiGet<StaffApplicationDetail>(`/api/staff/applications/${encodeURIComponent(id)}`),
    ...fresh,
  });
}

export function useChangeStatus(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { from: ApplicationStatus; to: ApplicationStatus; note?: string }) =>
      apiPost<StaffApplicationDetail>(
        `/api/staff/applications/${encodeURIComponent(id)}/status`,
        input,
      ),
    onSuccess: (detail) => {
      client.setQueryData(['staff', 'application', id], detail);
      void client.invalidateQueries({ queryKey: ['staff', 'queue'] });
    },
  });
}

/**
 * Verify or reject the current version of one file (`part`) of a document slot; the page reads the
 * application again.
 */
export function useReviewDocument(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, part, input }: { key: string; part: number; input: DocumentReviewInput }) =>
      apiPost<null>(
        `/api/staff/applications/${encodeURIComponent(id)}/documents/${encodeURIComponent(key)}/review${part > 1 ? `?part=${part}` : ''}`,
        input,
      ),
    // a colleague's review meanwhile (409) is shown too: the page reloads what it is now
    onSettled: () => client.invalidateQueries({ queryKey: ['staff', 'application', id] }),
  });
}

export function useAddNote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiPost<InternalNote>(`/api/staff/applications/${encodeURIComponent(id)}/notes`, { body }),
    onSuccess: (note) => {
      client.setQueryData<StaffApplicationDetail>(['staff', 'application', id], (old) =>
        old ? { ...old, notes: [...old.notes, note] } : old,
      );
    },
  });
}

const requestPath = (type: ContactRequestType) =>
  type === 'referral' ? 'referrals' : 'partnerships';

export function useContactRequests(type: ContactRequestType, params: QueueParams) {
  return useQuery({
    queryKey: ['staff', 'requests', type, params],
    queryFn: () => apiGet<ContactRequestPage>(`/api/staff/${requestPath(type)}`, params),
    placeholderData: keepPreviousData,
    ...fresh,
  });
}

export function useContactRequest(type: ContactRequestType, id: string) {
  return useQuery({
    queryKey: ['staff', 'request', type, id],
    queryFn: () =>
      apiGet<ContactRequestDetail>(`/api/staff/${requestPath(type)}/${encodeURIComponent(id)}`),
    ...fresh,
  });
}

export function useMarkContactRequest(type: ContactRequestType, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      status: 'contacted' | 'closed';
      from: ContactRequestStatus;
      note?: string;
    }) =>
      apiPost<ContactRequestDetail>(
        `/api/staff/${requestPath(type)}/${encodeURIComponent(id)}/status`,
        input,
      ),
    onSuccess: (detail) => {
      client.setQueryData(['staff', 'request', type, id], detail);
      void client.invalidateQueries({ queryKey: ['staff', 'requests', type] });
    },
    // a colleague marked it meanwhile (409): the page shows the request as it is now
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'CONTACT_REQUEST_CHANGED_MEANWHILE')
        client.setQueryData(['staff', 'request', type, id], error.current);
    },
  });
}

export function useTeam() {
  return useQuery({
    queryKey: ['staff', 'team'],
    queryFn: async () => (await apiGet<{ members: TeamMember[] }>('/api/staff/team')).members,
    ...fresh,
  });
}

/** Team changes answer with the member as it now is; the list is read again. */
export function useTeamAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body?: object }) =>
      apiPost<TeamMember>(`/api/staff/team${path}`, body ?? {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff', 'team'] }),
  });
}

export function useAudit(params: QueueParams) {
  return useQuery({
    queryKey: ['staff', 'audit', params],
    queryFn: () => apiGet<AuditPage>('/api/staff/audit', params),
    placeholderData: keepPreviousData,
    ...fresh,
  });
}

export function useMailOverview() {
  return useQuery({
    queryKey: ['staff', 'mail'],
    queryFn: () => apiGet<MailOverview>('/api/staff/mail'),
    ...fresh,
  });
}

export function useRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<{ id: string }>(`/api/staff/mail/${encodeURIComponent(id)}/retry`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff', 'mail'] }),
  });
}

export type ChoiceAction = 'sent' | 'decision' | 'conditions-met' | 'correct';

/**
 * D18: record a fact on one choice (sent, decision, conditions met, correction) with the version
 * the card showed; the page reads the application again whatever the answer (a 409 means a
 * colleague changed the choice meanwhile: the card shows their change).
 */
export function useChoiceAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      choiceId,
      action,
      body,
    }: {
      choiceId: string;
      action: ChoiceAction;
      body: Record<string, unknown>;
    }) =>
      apiPost<null>(
        `/api/staff/applications/${encodeURIComponent(id)}/choices/${encodeURIComponent(choiceId)}/${action}`,
        body,
      ),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['staff', 'application', id] });
      void client.invalidateQueries({ queryKey: ['staff', 'queue'] });
    },
  });
}

/** An offer letter or a university's letter on one choice (field `attachment`). */
export function useAddChoiceLetter(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ choiceId, file }: { choiceId: string; file: File }) => {
      const body = new FormData();
      body.append('attachment', file);
      return apiFetch<{ id: string }>(
        `/api/staff/applications/${encodeURIComponent(id)}/choices/${encodeURIComponent(choiceId)}/documents`,
        { method: 'POST', body },
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['staff', 'application', id] }),
  });
}

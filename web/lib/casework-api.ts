import type { ApplicationView } from '../../shared/schemas/application';
import { apiFetch } from './api-client';

/*
 * The applicant's casework calls (issue 12): the track page sends its tracking token as a bearer,
 * never in a URL. Each answers with the application as it is now.
 */
const base = (id: string) => `/api/applications/${encodeURIComponent(id)}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function send(
  path: string,
  token: string,
  method: string,
  body: unknown,
): Promise<ApplicationView> {
  return apiFetch<ApplicationView>(path, {
    method,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export function answerWithFile(
  id: string,
  requestId: string,
  key: string,
  file: File,
  token: string,
) {
  const body = new FormData();
  body.append(key, file);
  return apiFetch<ApplicationView>(`${base(id)}/requests/${encodeURIComponent(requestId)}/answer`, {
    method: 'POST',
    body,
    headers: bearer(token),
  });
}

export const answerWithText = (id: string, requestId: string, text: string, token: string) =>
  send(`${base(id)}/requests/${encodeURIComponent(requestId)}/answer`, token, 'POST', { text });

export function sendMessage(id: string, body: string, file: File | undefined, token: string) {
  if (!file) return send(`${base(id)}/messages`, token, 'POST', { body });
  const form = new FormData();
  form.append('body', body);
  form.append('attachment', file);
  return apiFetch<ApplicationView>(`${base(id)}/messages`, {
    method: 'POST',
    body: form,
    headers: bearer(token),
  });
}

export const markMessagesRead = (id: string, token: string) =>
  send(`${base(id)}/messages/read`, token, 'POST', {});
export const withdrawApplication = (id: string, token: string) =>
  send(`${base(id)}/withdraw`, token, 'POST', { confirm: true });
export const updateAfterOffer = (id: string, values: Record<string, unknown>, token: string) =>
  send(`${base(id)}/after-offer`, token, 'PATCH', values);

/** D18: the applicant answers an offer (confirmed on screen); with the tracking token or, signed in, the session. */
export function replyToChoice(
  id: string,
  choiceId: string,
  reply: 'firm' | 'insurance' | 'declined',
  token?: string,
) {
  return apiFetch<ApplicationView>(`${base(id)}/choices/${encodeURIComponent(choiceId)}/reply`, {
    method: 'POST',
    headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
    body: JSON.stringify({ reply, confirm: true }),
  });
}

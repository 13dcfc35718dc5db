import { inject } from 'vitest';

/** A message in the e2e server's dev outbox (see server/lib/mailer/dev-outbox.ts). */
export interface OutboxMail {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Every message in the dev outbox, newest first (the server runs without SMTP_URL). */
export async function listMail(baseUrl: string = inject('baseUrl')): Promise<OutboxMail[]> {
  const res = await fetch(`${baseUrl}/dev/mail/api/messages`);
  if (!res.ok) throw new Error(`The dev outbox answered ${res.status}`);
  return (await res.json()) as OutboxMail[];
}

/**
 * Waits for the newest message to `to` whose subject matches (mail is sent in the background).
 * Pass `after` (an ISO time) to skip messages that were already there.
 */
export async function waitForMail(
  to: string,
  subject: RegExp,
  {
    after = '',
    timeoutMs = 10_000,
    baseUrl = inject('baseUrl'),
  }: { after?: string; timeoutMs?: number; baseUrl?: string } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await listMail(baseUrl)).find(
      (m) =>
        m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject) && m.createdAt > after,
    );
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`No mail matching ${subject} arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link in the message's text part that starts with `prefix` (default: the portal). */
export function linkIn(mail: OutboxMail, prefix: string = inject('baseUrl')): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`No link starting with ${prefix} in "${mail.subject}"`);
  return link;
}

/** Opens a confirmation link as /confirm-email does: the fragment's token, posted once (decision 0032). */
export async function confirmByLink(link: string, baseUrl: string = inject('baseUrl')) {
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '';
  return fetch(`${baseUrl}/api/auth/confirm-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ token }),
  });
}

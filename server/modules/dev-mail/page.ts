import type { OutboxMessage } from '../../lib/mailer/dev-outbox.ts';

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | Dev outbox</title>
<link rel="stylesheet" href="/dev/mail/outbox.css">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
</head>
<body>
<header><p class="brand">UK Study Portal</p><p class="tag">Dev outbox: mail is kept here because SMTP_URL is not set.</p></header>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * The text part with its web addresses as links that open in a new tab (a newcomer confirms an
 * account with a click, item 8 of issue 15). Everything else stays escaped text.
 */
export function linkifyText(text: string): string {
  const addresses = /https?:\/\/[^\s<>"']+/g;
  let html = '';
  let last = 0;
  for (const match of text.matchAll(addresses)) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/**
 * The message as the frame shows it: every link opens in a new tab (`<base target="_blank">`),
 * as the frame's sandbox lets popups out but runs no script.
 */
export function framedMessageHtml(html: string): string {
  const base = '<base target="_blank"><meta name="referrer" content="no-referrer">';
  return /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`)
    : `${base}${html}`;
}

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'UTC',
  }) + ' UTC';

export function listPage(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (m) =>
        `<li><a href="/dev/mail/${m.id}"><span class="subject">${escapeHtml(m.subject)}</span><span class="meta">To ${escapeHtml(m.to)} · ${formatDate(m.createdAt)}</span></a></li>`,
    )
    .join('\n');
  return page(
    'Messages',
    `<h1>Messages (${messages.length})</h1>\n${messages.length ? `<ul class="messages">${rows}</ul>` : '<p>No messages yet.</p>'}`,
  );
}

export function messagePage(m: OutboxMessage): string {
  return page(
    m.subject,
    `<p><a href="/dev/mail">← All messages</a></p>
<h1>${escapeHtml(m.subject)}</h1>
<dl>
<dt>From</dt><dd>${escapeHtml(m.from)}</dd>
<dt>To</dt><dd>${escapeHtml(m.to)}</dd>
<dt>Date</dt><dd>${formatDate(m.createdAt)}</dd>
</dl>
<h2>HTML part</h2>
<p class="hint">Links in the message open in a new tab.</p>
<iframe title="HTML part of the message" src="/dev/mail/${m.id}/html" sandbox="allow-popups allow-popups-to-escape-sandbox"></iframe>
<h2>Text part</h2>
<pre>${linkifyText(m.text)}</pre>`,
  );
}

export const outboxCss = `
body { margin: 0; font-family: system-ui, sans-serif; color: #0f172a; background: #f8fafc; }
header { background: #1e3a8a; color: #fff; padding: 12px 24px; }
header p { margin: 0; }
.brand { font-weight: 700; }
.tag { font-size: 14px; }
main { max-width: 900px; margin: 0 auto; padding: 24px; }
a { color: #1e40af; }
a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.messages { list-style: none; padding: 0; }
.messages li a { display: block; padding: 12px 16px; margin-bottom: 8px; background: #fff; border: 1px solid #e2e8f0; border-radius: 8px; text-decoration: none; }
.subject { display: block; font-weight: 600; }
.hint { font-size: 14px; color: #475569; }
.meta { display: block; font-size: 14px; color: #475569; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; }
dt { font-weight: 600; }
dd { margin: 0; }
iframe { width: 100%; height: 520px; border: 1px solid #e2e8f0; border-radius: 8px; background: #fff; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid #e2e8f0; border-radius: 8px; padding: 16px; }
`;

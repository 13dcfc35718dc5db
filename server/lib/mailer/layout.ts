import { mailText, type MailText } from '../../i18n/mail/index.ts';

export const portalName = 'UK Study Portal';

export interface MailContent {
  subject: string;
  /** Shown in bold above the text. */
  heading: string;
  /** Plain sentences; each becomes a paragraph. */
  paragraphs: string[];
  /** The one thing to do: a button in HTML, the bare address in the text part. */
  action?: { label: string; url: string };
  /** Small print under the action, e.g. how long the link works. */
  note?: string;
}

/**
 * Text someone typed into a public form, made safe to quote in an e-mail (finding 4): mail
 * clients turn anything that looks like an address or a link into one, so a zero-width space
 * follows each dot, colon, slash and @ and nothing in it can become a link. Use it for every
 * submitted value an e-mail repeats.
 */
export function userText(value: string): string {
  return value.replace(/[.:/@\\]/g, (c) => `${c}\u200b`);
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * One look for every message: HTML with inline styles (what mail clients understand) and a
 * plain-text part with the same words and the bare link. No images, no tracking. `words` is the
 * recipient's language (the HTML part carries its `lang` and `dir`; addresses stay left to right).
 */
export function renderMail(
  content: MailContent,
  words: MailText = mailText(),
): { subject: string; html: string; text: string } {
  const { subject, heading, paragraphs, action, note } = content;
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}:`, action.url, ''] : []),
    ...(note ? [note, ''] : []),
    '--',
    words.t('layout.portalName'),
  ].join('\n');

  const p = (
    body: string,
    style = 'margin:0 0 16px;font-size:16px;line-height:24px;color:#0f172a',
  ) => `<p style="${style}">${body}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1e40af;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(action.label)}</a></p>` +
      p(
        `${escapeHtml(words.t('layout.copyAddress'))}<br><a href="${escapeHtml(action.url)}" dir="ltr" style="color:#1e40af;word-break:break-all">${escapeHtml(action.url)}</a>`,
        'margin:0 0 16px;font-size:14px;line-height:20px;color:#475569',
      )
    : '';
  const html = `<!doctype html>
<html lang="${words.tag}" dir="${words.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body dir="${words.dir}" style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif">
<div dir="${words.dir}" style="text-align:${words.dir === 'rtl' ? 'right' : 'left'};max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:18px;font-weight:700;color:#1e3a8a">${escapeHtml(words.t('layout.portalName'))}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:#0f172a">${escapeHtml(heading)}</h1>
${paragraphs.map((para) => p(escapeHtml(para))).join('\n')}
${button}
${note ? p(escapeHtml(note), 'margin:0 0 16px;font-size:14px;line-height:20px;color:#475569') : ''}
<p style="margin:24px 0 0;font-size:13px;color:#475569">${escapeHtml(words.t('layout.portalName'))}</p>
</div>
</body>
</html>
`;
  return { subject, html, text };
}

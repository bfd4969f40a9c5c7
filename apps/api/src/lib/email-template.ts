import { translator } from './i18n.ts';

/**
 * The one e-mail template (docs/decisions/422). Every message MentorBridge sends is rendered here into a
 * plain-text part and an HTML part: the same paragraphs, the same link. The HTML is a single-column,
 * table-based layout with inline styles only (what mail clients render), `lang` and a visually hidden
 * preheader, real text (no images), colours with at least 4.5:1 contrast, and the action as a button
 * whose link also appears in the text part.
 */
export interface EmailAction {
  label: string;
  url: string;
}

export interface EmailContent {
  subject: string;
  /**
   * The recipient's language (a catalogue's tag; decision 970): the HTML's `lang` and `dir` and the
   * template's own words (the footer) follow it. English when absent.
   */
  language?: string;
  /** The message as plain text: paragraphs separated by blank lines. */
  text: string;
  action?: EmailAction;
}

const BRAND = '#1d4ed8'; // blue-700 on white: 6.7:1
const INK = '#111827';
const MUTED = '#4b5563'; // gray-600 on white: 7.6:1

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Only http(s) and mailto links become anchors or buttons; anything else stays text. */
export function safeUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

const ZWSP = '\u200b';

/**
 * Issue 28: text a person typed (a name, a programme's or organisation's name or description, a message)
 * must never become a link in an e-mail to someone else — a name like "Visit evil.example/login" would
 * otherwise be a phishing link sent from the platform's own address. A zero-width space after every
 * `.`, `:`, `/` and `@` leaves the text looking the same but gives no auto-linker (mail clients', or this
 * template's own in the HTML part) a URL, domain or address to find, in both parts. Use it on every
 * piece of user-supplied text interpolated into an e-mail; the platform's own links stay untouched.
 */
export function inert(value: string | null | undefined): string {
  return (value ?? '').replace(new RegExp(`${ZWSP}`, 'g'), '').replace(/([.:/@])/g, `$1${ZWSP}`);
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/** One line of text as HTML: escaped, with its http(s) links as anchors. */
function lineToHtml(line: string): string {
  let out = '';
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    out += escapeHtml(line.slice(last, start));
    const href = safeUrl(match[0]);
    out += href
      ? `<a href="${escapeHtml(href)}" style="color:${BRAND};text-decoration:underline;word-break:break-all">${escapeHtml(match[0])}</a>`
      : escapeHtml(match[0]);
    last = start + match[0].length;
  }
  return out + escapeHtml(line.slice(last));
}

/** The text part: the message, then the action's link on its own line if the text does not carry it. */
export function renderText(content: EmailContent): string {
  const body = content.text.replace(/\r\n?/g, '\n').trimEnd();
  const action = content.action && safeUrl(content.action.url) ? content.action : undefined;
  const withAction = action && !body.includes(action.url) ? `${body}\n\n${action.label}: ${action.url}` : body;
  return `${withAction}\n`;
}

export function renderHtml(content: EmailContent): string {
  const paragraphs = content.text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px 0">${p.split('\n').map(lineToHtml).join('<br>')}</p>`)
    .join('\n');
  const href = content.action ? safeUrl(content.action.url) : undefined;
  const button =
    content.action && href
      ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0"><tr><td style="border-radius:6px;background:${BRAND}">` +
        `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px;background:${BRAND}">${escapeHtml(content.action.label)}</a>` +
        `</td></tr></table>`
      : '';
  const preheader = escapeHtml(content.text.replace(/\s+/g, ' ').trim().slice(0, 140));
  const { language, direction, t } = translator(content.language);
  const align = direction === 'rtl' ? 'right' : 'left';
  return `<!DOCTYPE html>
<html lang="${escapeHtml(language)}" dir="${direction}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body dir="${direction}" style="margin:0;padding:0;background:#f3f4f6">
<div style="display:none;max-height:0;overflow:hidden">${preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;border-bottom:4px solid ${BRAND};font-family:Arial,Helvetica,sans-serif;font-size:20px;font-weight:700;color:${BRAND}">MentorBridge</td></tr>
<tr><td dir="${direction}" style="padding:24px;text-align:${align};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:${INK}">
<h1 style="margin:0 0 16px 0;font-size:20px;line-height:1.3;color:${INK}">${escapeHtml(content.subject)}</h1>
${paragraphs}
${button}
</td></tr>
<tr><td dir="${direction}" style="padding:16px 24px;text-align:${align};font-family:Arial,Helvetica,sans-serif;font-size:13px;line-height:1.5;color:${MUTED};border-top:1px solid #e5e7eb">${escapeHtml(t('email.footer'))}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** Both parts of one message, from the one template. */
export function renderEmail(content: EmailContent): { text: string; html: string } {
  return { text: renderText(content), html: renderHtml(content) };
}

/*
 * The formatted text of a communication (and the automatic e-mails kept in a family's inbox): cleaned by
 * lib/rich-text.ts (no attribute survives but a link's web or mail address, no script, style nor event
 * handler, every tag closed), and its plain-text part for the e-mail.
 */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The plain-text part of a mail from sanitised HTML: paragraphs and list items on their own lines. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_, href: string, label: string) =>
      label.includes(href.replace(/&amp;/g, '&')) ? label : `${label} (${href})`,
    )
    .replace(/<br\s*\/?>|<\/(p|div|h[1-3]|tr|blockquote|ul|ol)>/g, '\n')
    .replace(/<li>/g, '- ')
    .replace(/<\/li>|<hr\s*\/?>/g, '\n')
    .replace(/<\/t[dh]>/g, '\t')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Whether sanitised HTML shows any text (a message of empty paragraphs is empty). */
export const hasText = (html: string): boolean => htmlToText(html).replace(/\s/g, '').length > 0;

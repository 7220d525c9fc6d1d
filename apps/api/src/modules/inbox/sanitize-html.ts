/*
 * The formatted text of a communication (and the automatic e-mails kept in a family's inbox) reduced to
 * an allow-list of structural tags: no attribute survives but a link's web or mail address, no script,
 * style nor event handler, and every tag is closed. Pure, so the web app may show the result as HTML.
 */

const ALLOWED = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'blockquote',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'div',
  'span',
  'hr',
]);
const VOID = new Set(['br', 'hr']);
/** Dropped with everything inside them. */
const SKIPPED = new Set(['script', 'style', 'title', 'head', 'template', 'iframe', 'object', 'svg', 'math']);

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

/** A link's address if it is a web or mail address; anything else (javascript:, data:…) is dropped. */
function safeHref(attributes: string): string | null {
  const match = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  if (!match) return null;
  const href = decodeEntities(match[1] ?? match[2] ?? match[3] ?? '').trim();
  return /^(https?:\/\/|mailto:)/i.test(href) ? href : null;
}

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>|<![^>]*>|<\?[^>]*>|<|[^<]+/g;

/** The allowed subset of `html`, well formed. */
export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let skipping: string | null = null;
  let skipDepth = 0;
  for (const match of html.matchAll(TOKEN)) {
    const [token, slash, rawName, attributes = ''] = match;
    const name = rawName?.toLowerCase();
    if (skipping) {
      if (name === skipping) skipDepth += slash ? -1 : 1;
      if (skipDepth === 0) skipping = null;
      continue;
    }
    if (!name) {
      // Text (or a lone '<', a comment, a doctype: the latter two dropped).
      if (token === '<') out.push('&lt;');
      else if (!token.startsWith('<')) out.push(escapeHtml(decodeEntities(token)));
      continue;
    }
    if (SKIPPED.has(name)) {
      if (!slash && !/\/\s*$/.test(attributes)) {
        skipping = name;
        skipDepth = 1;
      }
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (VOID.has(name)) {
      if (!slash) out.push(`<${name}>`);
      continue;
    }
    if (slash) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    if (name === 'a') {
      const href = safeHref(attributes);
      out.push(href ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer" target="_blank">` : '<a>');
    } else {
      out.push(`<${name}>`);
    }
    open.push(name);
  }
  while (open.length > 0) out.push(`</${open.pop()}>`);
  return out.join('');
}

/** The plain-text part of a mail from sanitised HTML: paragraphs and list items on their own lines. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_, href: string, label: string) =>
      label.includes(href.replace(/&amp;/g, '&')) ? label : `${label} (${href})`,
    )
    .replace(/<br>|<\/(p|div|h[1-3]|tr|blockquote|ul|ol)>/g, '\n')
    .replace(/<li>/g, '- ')
    .replace(/<\/li>|<hr>/g, '\n')
    .replace(/<\/t[dh]>/g, '\t')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Whether sanitised HTML shows any text (a message of empty paragraphs is empty). */
export const hasText = (html: string): boolean => htmlToText(html).replace(/\s/g, '').length > 0;

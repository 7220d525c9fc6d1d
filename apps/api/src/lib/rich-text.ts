import sanitizeHtml from 'sanitize-html';

/*
 * Formatted text written in the product's editors and shown as HTML (the website's description on the
 * public page, a message to families and the e-mails kept in their inbox): cleaned here, on the server,
 * before it is stored, with the sanitize-html library, so no script, event handler, style or frame can
 * ever be stored or served, whatever a client sends. One allow-list per use.
 */

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h2',
    'h3',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
  ],
  // target and rel are the transform's own values below, never the client's.
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // Script and style bodies go with their element; other unknown tags keep their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links leave the club's page: a new tab that cannot reach back into it.
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

/** The description as it may be stored and shown: allowed formatting only, or null when nothing is left. */
export function sanitizeDescription(html: string): string | null {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  // Only empty paragraphs and line breaks left: nothing to show.
  return clean.replace(/<(p|br)\s*\/?>|<\/p>|&nbsp;|\s/g, '') === '' ? null : clean;
}

/** The description as plain text (link previews' og:description), at most `max` characters. */
export function descriptionText(html: string | null, max = 200): string {
  if (!html) return '';
  const text = sanitizeHtml(html.replace(/<\/(p|li|h2|h3)>|<br\s*\/?>/g, ' '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

const MESSAGE_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [
    ...(OPTIONS.allowedTags as string[]),
    'h1',
    'table',
    'thead',
    'tbody',
    'tr',
    'td',
    'th',
    'div',
    'span',
    'hr',
  ],
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    // A mail's links open a new tab that cannot reach back; the address is the only attribute kept.
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: /^(https?:\/\/|mailto:)/i.test(attribs.href?.trim() ?? '')
        ? { href: attribs.href!.trim(), rel: 'noopener noreferrer', target: '_blank' }
        : ({} as sanitizeHtml.Attributes),
    }),
  },
};

/** A message's formatted text (communications, the automatic e-mails in a family's inbox), well formed. */
export function sanitizeMessage(html: string): string {
  return sanitizeHtml(html, MESSAGE_OPTIONS);
}

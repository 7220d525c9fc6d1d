/*
 * The website description is HTML cleaned by the API before it is stored. The screens clean it once
 * more before showing it (the editor's preview shows text not yet saved, possibly pasted from anywhere):
 * parsed in an inert document (no script runs, no image loads), only formatting elements copied over.
 */

const ALLOWED = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'H2',
  'H3',
  'UL',
  'OL',
  'LI',
  'BLOCKQUOTE',
  'A',
]);
const DROPPED_WITH_CONTENT = new Set([
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'IFRAME',
  'OBJECT',
  'NOSCRIPT',
  'TEXTAREA',
  'SVG',
  'MATH',
]);
const SAFE_HREF = /^(https?:|mailto:|tel:)/i;

function copyInto(target: Node, source: Node, doc: Document) {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    const tag = element.tagName.toUpperCase();
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!ALLOWED.has(tag)) {
      copyInto(target, element, doc);
      continue;
    }
    const copy = doc.createElement(tag.toLowerCase());
    if (tag === 'A') {
      const href = element.getAttribute('href')?.trim();
      if (href && SAFE_HREF.test(href)) copy.setAttribute('href', href);
      copy.setAttribute('target', '_blank');
      copy.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    copyInto(copy, element, doc);
    target.appendChild(copy);
  }
}

/** `html` with formatting elements only (paragraphs, emphasis, lists, headings, web links). */
export function cleanRichText(html: string | null | undefined): string {
  if (!html) return '';
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const root = out.createElement('div');
  copyInto(root, parsed.body, out);
  return root.innerHTML;
}

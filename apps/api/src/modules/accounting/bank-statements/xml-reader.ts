import { malformed } from './parsed-statement';

/**
 * A small, strict XML reader for bank statements. On a 100,000-transfer CAMT.053 (51 MB), on this shared
 * and loaded machine, fast-xml-parser (validate, then parse) took 35 s and 1.1 GB, saxes' events alone
 * as long; the whole statement read with this one took 5 to 12 s and 0.3 GB. It builds the tree shape the CAMT reader walks — an element holding only text is that text, otherwise an
 * object of its children by local name (an array when repeated), its text as `#text` and its attributes
 * as `@name` — and hands every element to `onClose` as it ends, so a caller can take entries away one by
 * one instead of keeping the whole document.
 *
 * Well-formedness is checked (every tag closed in order, one root, nothing but markup and text); a
 * DOCTYPE is refused by the caller before, so no entity is ever declared. Entity references stay as
 * written in text: `decodeXmlText` decodes the predefined ones when a value is read.
 */
export type XmlElement = Record<string, unknown>;

/** Return true to leave the element out of its parent (it was dealt with). */
export type OnClose = (
  name: string,
  value: unknown,
  parent: { name: string; element: XmlElement },
) => boolean;

const NAME = '[A-Za-z_][\\w.-]*(?::[A-Za-z_][\\w.-]*)?';
// One token per match, each starting where the previous ended (sticky): a `<` that starts none of them
// (a cut tag, a stray bracket) matches only the last alternative and is refused.
const TOKEN = new RegExp(
  [
    '([^<]+)', // 1 text
    `<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`, // 2 name, 3 attributes, 4 empty
    `</(${NAME})\\s*>`, // 5 closing name
    '<!--[\\s\\S]*?-->',
    '<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>', // 6 character data
    '<\\?[\\s\\S]*?\\?>',
    '(<)', // 7 anything else
  ].join('|'),
  'y',
);
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g');

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

interface Open {
  name: string;
  element: XmlElement;
  text: string;
  hasContent: boolean;
}

function attributesOf(source: string): XmlElement {
  const element: XmlElement = {};
  for (const [, name, double, single] of source.matchAll(ATTRIBUTE)) {
    if (name === 'xmlns' || name!.startsWith('xmlns:')) continue;
    element[`@${localName(name!)}`] = double ?? single;
  }
  return element;
}

function append(parent: XmlElement, name: string, value: unknown) {
  if (!Object.hasOwn(parent, name)) parent[name] = value;
  else if (Array.isArray(parent[name])) (parent[name] as unknown[]).push(value);
  else parent[name] = [parent[name], value];
}

/** Reads `xml` into its root element's tree (`{ Document: … }`); throws a `malformed` error otherwise. */
export function readXml(xml: string, onClose: OnClose = () => false): XmlElement {
  const root: XmlElement = {};
  const stack: Open[] = [{ name: '', element: root, text: '', hasContent: false }];
  let roots = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(xml); match; match = TOKEN.exec(xml)) {
    const [, text, opening, attributes, empty, closing, cdata, stray] = match;
    const current = stack.at(-1)!;
    if (text !== undefined || cdata !== undefined) {
      if (stack.length === 1) {
        if (text?.trim() || cdata) throw malformed('Text outside the root element');
        continue;
      }
      // Character data is literal: its `&` must not be read as an entity later.
      current.text += text ?? cdata!.replace(/&/g, '&amp;');
    } else if (opening) {
      if (stack.length === 1 && ++roots > 1) throw malformed('More than one root element');
      const open = {
        name: opening,
        element: attributes ? attributesOf(attributes) : {},
        text: '',
        hasContent: false,
      };
      current.hasContent = true;
      if (empty) close(open, current);
      else stack.push(open);
    } else if (closing) {
      if (closing !== current.name) throw malformed(`</${closing}> closes <${current.name || 'nothing'}>`);
      stack.pop();
      close(current, stack.at(-1)!);
    } else if (stray) {
      throw malformed(`Unreadable markup at character ${match.index}`);
    }
  }
  if (stack.length > 1) throw malformed(`<${stack.at(-1)!.name}> is not closed (truncated file?)`);
  if (roots === 0) throw malformed('No root element');
  return root;

  function close(open: Open, parent: Open) {
    const { element, text } = open;
    const hasAttributes = Object.keys(element).length > 0;
    let value: unknown = element;
    if (!open.hasContent && !hasAttributes) value = text;
    else if (text.trim()) element['#text'] = text;
    const name = localName(open.name);
    if (!onClose(name, value, { name: localName(parent.name), element: parent.element })) {
      append(parent.element, name, value);
    }
  }
}

/*
 * A small XML writer for the files the product hands to other software (Peppol UBL invoices): elements
 * built as values, rendered once. Its escaping is the only one: the Belcotax file, whose flat fields keep
 * the brochure's empty `<x></x>` form, escapes with it too.
 */

/** An element: its name, attributes, and children (elements or text). */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;
/** What `cond && el(…)` may give: left out when null, undefined, false or empty. */
export type OptionalNode = XmlNode | null | undefined | false;

/** Characters XML 1.0 cannot carry at all (control characters other than tab and line breaks). */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(text: string): string {
  return text
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * `el('cbc:ID', { schemeID: '0208' }, '0403019261')`. Children that are null, undefined, false or empty
 * are left out, so optional parts read as `cond && el(…)`.
 */
export function el(
  name: string,
  attributesOrChild?: Record<string, string> | OptionalNode,
  ...children: OptionalNode[]
): XmlElement {
  const isAttributes =
    attributesOrChild !== null &&
    typeof attributesOrChild === 'object' &&
    !('children' in attributesOrChild && 'name' in attributesOrChild);
  const all = isAttributes ? children : [attributesOrChild as OptionalNode, ...children];
  return {
    name,
    attributes: isAttributes ? (attributesOrChild as Record<string, string>) : {},
    children: all.filter((c): c is XmlNode => c !== null && c !== undefined && c !== false && c !== ''),
  };
}

/** The document: declaration, then the root element indented by two spaces per level. */
export function renderXml(root: XmlElement): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const write = (node: XmlElement, depth: number) => {
    const indent = '  '.repeat(depth);
    const attributes = Object.entries(node.attributes)
      .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
      .join('');
    if (node.children.length === 0) {
      lines.push(`${indent}<${node.name}${attributes}/>`);
    } else if (node.children.every((c) => typeof c === 'string')) {
      lines.push(`${indent}<${node.name}${attributes}>${escapeXml(node.children.join(''))}</${node.name}>`);
    } else {
      lines.push(`${indent}<${node.name}${attributes}>`);
      for (const child of node.children) {
        if (typeof child === 'string') lines.push(`${indent}  ${escapeXml(child)}`);
        else write(child, depth + 1);
      }
      lines.push(`${indent}</${node.name}>`);
    }
  };
  write(root, 0);
  return `${lines.join('\n')}\n`;
}

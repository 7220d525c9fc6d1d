import { describe, expect, it } from 'vitest';

/** Every translation file, by language and namespace. */
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function byLanguage(language: string): Map<string, Record<string, unknown>> {
  const map = new Map<string, Record<string, unknown>>();
  for (const [path, content] of Object.entries(files)) {
    const match = /^\.\/(\w+)\/([\w-]+)\.json$/.exec(path);
    if (match?.[1] === language) map.set(match[2]!, content);
  }
  return map;
}

/** 'login.title'-style paths of every leaf, with its value. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const placeholders = (text: unknown) =>
  [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const fr = byLanguage('fr');
  const en = byLanguage('en');

  it('has the same files in French and English', () => {
    expect([...en.keys()].sort()).toEqual([...fr.keys()].sort());
    expect(fr.size).toBeGreaterThan(0);
  });

  for (const namespace of [...new Set([...fr.keys(), ...en.keys()])].sort()) {
    it(`has the same keys in both languages: ${namespace}`, () => {
      const frLeaves = leaves(fr.get(namespace) ?? {});
      const enLeaves = leaves(en.get(namespace) ?? {});
      const onlyFr = [...frLeaves.keys()].filter((key) => !enLeaves.has(key));
      const onlyEn = [...enLeaves.keys()].filter((key) => !frLeaves.has(key));
      expect({ onlyInFrench: onlyFr, onlyInEnglish: onlyEn }).toEqual({
        onlyInFrench: [],
        onlyInEnglish: [],
      });
    });

    it(`has no empty text and the same placeholders: ${namespace}`, () => {
      const frLeaves = leaves(fr.get(namespace) ?? {});
      const enLeaves = leaves(en.get(namespace) ?? {});
      for (const [key, text] of frLeaves) {
        expect(typeof text === 'string' && text.trim() !== '', `fr ${namespace}:${key}`).toBe(true);
        const other = enLeaves.get(key);
        expect(typeof other === 'string' && other.trim() !== '', `en ${namespace}:${key}`).toBe(true);
        expect(placeholders(other), `${namespace}:${key}`).toEqual(placeholders(text));
      }
    });
  }
});

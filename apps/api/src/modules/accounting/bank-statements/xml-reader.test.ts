import { describe, expect, it } from 'vitest';
import { UnreadableStatementError } from './parsed-statement';
import { readXml } from './xml-reader';

const reason = (xml: string) => {
  try {
    readXml(xml);
  } catch (error) {
    if (error instanceof UnreadableStatementError) return error.reason;
    throw error;
  }
  return 'read';
};

describe('readXml', () => {
  it('reads elements, repeated ones, attributes, text, comments, CDATA and namespace prefixes', () => {
    const tree = readXml(`<?xml version="1.0"?>
      <!-- a statement -->
      <ns:Doc xmlns:ns="urn:x"><ns:A Ccy='EUR'>12.50</ns:A><B>1</B><B>2</B><C/><D><![CDATA[a & <b>]]></D></ns:Doc>`);
    expect(tree).toEqual({
      Doc: { A: { '@Ccy': 'EUR', '#text': '12.50' }, B: ['1', '2'], C: '', D: 'a &amp; <b>' },
    });
  });

  it('hands every element over as it ends, and leaves out those taken', () => {
    const seen: string[] = [];
    const tree = readXml('<S><Acct>BE1</Acct><Ntry>1</Ntry><Ntry>2</Ntry></S>', (name, value, parent) => {
      if (name !== 'Ntry') return false;
      seen.push(`${String(value)} in ${parent.name} of ${String(parent.element.Acct)}`);
      return true;
    });
    expect(seen).toEqual(['1 in S of BE1', '2 in S of BE1']);
    expect(tree).toEqual({ S: { Acct: 'BE1' } });
  });

  it.each([
    ['<A><B></A></B>'],
    ['<A><B></B>'],
    ['<A></A><B></B>'],
    ['text<A></A>'],
    ['<A><</A>'],
    ['<A x=1></A>'],
    ['<A><B'],
    [''],
  ])('refuses %j as malformed', (xml) => {
    expect(reason(xml)).toBe('malformed');
  });
});

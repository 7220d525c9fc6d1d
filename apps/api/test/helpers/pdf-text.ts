import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

/*
 * The text of a PDF as a reader sees it, for assertions in tests: pieces on the same baseline form one
 * line, read left to right, so a table row comes out as 'Total TVA 12,34 €'. pdfjs's legacy build runs
 * in Node with its built-in fake worker; nothing is fetched.
 */

/** A gap wider than this share of the font size between two pieces of a line is a space. */
const SPACE_GAP = 0.15;

function pageLines(items: TextItem[]): string[] {
  const rows = new Map<number, TextItem[]>();
  for (const item of items) {
    if (item.str === '') continue;
    const baseline = Math.round(item.transform[5] as number);
    rows.set(baseline, [...(rows.get(baseline) ?? []), item]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, row]) => {
      const sorted = row.sort((a, b) => (a.transform[4] as number) - (b.transform[4] as number));
      let line = '';
      let end = -Infinity;
      for (const item of sorted) {
        const x = item.transform[4] as number;
        const fontSize = Math.abs(item.transform[0] as number);
        if (line !== '' && x - end > fontSize * SPACE_GAP) line += ' ';
        line += item.str;
        end = x + item.width;
      }
      return line.replace(/\s+/g, ' ').trim();
    })
    .filter((line) => line !== '');
}

/** Each page's text, lines separated by '\n'. */
export async function pdfPages(buffer: Uint8Array): Promise<string[]> {
  // pdfjs takes ownership of (detaches) the array it is given: pass a copy.
  const pdf = await getDocument({ data: new Uint8Array(buffer), verbosity: 0, isEvalSupported: false })
    .promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(pageLines(content.items.filter((item): item is TextItem => 'str' in item)).join('\n'));
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

/** The whole text of a PDF, pages one after the other. */
export async function pdfText(buffer: Uint8Array): Promise<string> {
  return (await pdfPages(buffer)).join('\n');
}

import { describe, expect, it } from 'vitest';
import { sanitizeMessage as sanitizeHtml } from '../../lib/rich-text';
import { hasText, htmlToText } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps the structural tags and drops every attribute', () => {
    expect(
      sanitizeHtml('<p class="x" style="color:red">Bonjour <strong onclick="evil()">à tous</strong></p>'),
    ).toBe('<p>Bonjour <strong>à tous</strong></p>');
  });

  it('drops scripts, styles and their content, and event handlers', () => {
    expect(sanitizeHtml('<script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>Texte')).toBe(
      'Texte',
    );
  });

  it('keeps web and mail links only', () => {
    expect(sanitizeHtml('<a href="https://club.be/a?b=1&amp;c=2">site</a>')).toBe(
      '<a href="https://club.be/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">site</a>',
    );
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
  });

  it('closes what is left open and ignores stray closing tags', () => {
    expect(sanitizeHtml('<ul><li>un<li>deux</ul></em>')).toBe('<ul><li>un</li><li>deux</li></ul>');
    expect(sanitizeHtml('<p><em>ouvert')).toBe('<p><em>ouvert</em></p>');
  });

  it('escapes text that looks like markup', () => {
    expect(sanitizeHtml('1 < 2 & "3" &lt;b&gt;')).toBe('1 &lt; 2 &amp; "3" &lt;b&gt;');
    expect(sanitizeHtml('<scr<script>ipt>alert(1)</script>')).toBe('ipt&gt;alert(1)');
  });
});

describe('htmlToText', () => {
  it('puts paragraphs and list items on their own lines, links with their address', () => {
    const html = sanitizeHtml(
      '<p>Bonjour,</p><ul><li>maillot</li><li>gourde</li></ul><p><a href="https://x.be">site</a></p>',
    );
    expect(htmlToText(html)).toBe('Bonjour,\n- maillot\n- gourde\n\nsite (https://x.be)');
  });

  it('tells an empty message', () => {
    expect(hasText(sanitizeHtml('<p> </p><p><br></p>'))).toBe(false);
    expect(hasText(sanitizeHtml('<p>a</p>'))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { cleanRichText } from './rich-text';

describe('cleanRichText', () => {
  it('keeps formatting and drops scripts, handlers, images and script links', () => {
    const clean = cleanRichText(
      '<h2>Stage</h2><p onclick="x()">Du <strong>sport</strong><script>alert(1)</script></p>' +
        '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">a</a><a href="https://club.be">b</a>',
    );
    expect(clean).toBe(
      '<h2>Stage</h2><p>Du <strong>sport</strong></p>' +
        '<a target="_blank" rel="noopener noreferrer nofollow">a</a>' +
        '<a href="https://club.be" target="_blank" rel="noopener noreferrer nofollow">b</a>',
    );
  });

  it('keeps the text of unknown elements and is empty for nothing', () => {
    expect(cleanRichText('<div><span>Bonjour</span></div>')).toBe('Bonjour');
    expect(cleanRichText(null)).toBe('');
  });
});

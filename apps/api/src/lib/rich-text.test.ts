import { describe, expect, it } from 'vitest';
import { descriptionText, sanitizeDescription } from './rich-text';

describe('sanitizeDescription', () => {
  it('keeps the formatting the editor makes', () => {
    const html =
      '<h2>Bienvenue</h2><p>Du <strong>sport</strong> pour <em>tous</em>.</p><ul><li>Natation</li></ul>';
    expect(sanitizeDescription(html)).toBe(html);
  });

  it('drops scripts, event handlers, styles, frames and script links', () => {
    const html =
      '<p onclick="steal()">Salut<script>alert(1)</script></p><img src=x onerror="alert(2)">' +
      '<iframe src="https://evil.example"></iframe><a href="javascript:alert(3)">clic</a>' +
      '<p style="background:url(javascript:x)">ok</p><svg><script>alert(4)</script></svg>';
    const clean = sanitizeDescription(html)!;
    expect(clean).not.toMatch(/script|onerror|onclick|iframe|javascript|style|<img|<svg|alert/i);
    expect(clean).toContain('Salut');
    expect(clean).toContain('<p>ok</p>');
  });

  it('opens links in a new tab that cannot reach back, and keeps only web, mail and phone links', () => {
    expect(sanitizeDescription('<a href="https://club.be" target="_self">Site</a>')).toBe(
      '<a href="https://club.be" target="_blank" rel="noopener noreferrer nofollow">Site</a>',
    );
    expect(sanitizeDescription('<a href="data:text/html,x">x</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('answers null when nothing visible is left', () => {
    expect(sanitizeDescription('<p><br></p><script>x</script>')).toBeNull();
    expect(sanitizeDescription('   ')).toBeNull();
  });
});

describe('descriptionText', () => {
  it('is the text of the description, shortened for a link preview', () => {
    expect(descriptionText('<p>Du sport &amp; des jeux.</p><p>Pour tous</p>')).toBe(
      'Du sport & des jeux. Pour tous',
    );
    expect(descriptionText(`<p>${'a'.repeat(300)}</p>`, 50)).toHaveLength(50);
    expect(descriptionText(null)).toBe('');
  });
});

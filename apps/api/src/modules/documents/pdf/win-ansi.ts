// The standard PDF fonts only know the Windows-1252 (WinAnsi) characters; anything else would print as
// garbage. Accented letters outside it lose their accent ('ł' has none to lose), the rest becomes '?'.
const WIN_ANSI_HIGH = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const WIN_ANSI_FALLBACK: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', '−': '-' };

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    code === 10 || (code >= 32 && code <= 126) || (code >= 160 && code <= 255) || WIN_ANSI_HIGH.includes(char)
  );
}

/**
 * Text that must stay on one line (an amount: « 1 000 000,00 € », a rate: « 21 % »): its spaces become
 * no-break spaces (U+00A0, which the standard fonts print as a space), so a line never ends inside it.
 */
export function unbreakable(text: string): string {
  return text.replace(/ /g, '\u00a0');
}

/** The text with every character the standard fonts can print; spaces of any width become plain spaces. */
export function toWinAnsi(text: string): string {
  return [...text.replace(/[\u2000-\u200a\u202f\u205f\u3000]/g, ' ')]
    .map((char) => {
      if (isWinAnsi(char)) return char;
      const fallback = WIN_ANSI_FALLBACK[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
      return [...fallback].every(isWinAnsi) && fallback !== '' ? fallback : '?';
    })
    .join('');
}

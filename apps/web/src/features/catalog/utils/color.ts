const HEX = /^#[0-9a-f]{6}$/i;
const FALLBACK = '#64748B';

/** The activity's colour when it is a valid '#RRGGBB' (it goes into a style attribute), else slate. */
export function safeColor(color: string | null | undefined): string {
  return color && HEX.test(color) ? color : FALLBACK;
}

/** The colour at `alpha` opacity, as an 8-digit hex. */
export function tint(color: string | null | undefined, alpha: number): string {
  const value = Math.round(Math.min(1, Math.max(0, alpha)) * 255)
    .toString(16)
    .padStart(2, '0');
  return `${safeColor(color)}${value}`;
}

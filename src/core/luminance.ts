/**
 * Category colours: pick black or white badge text so it stays readable on any background.
 */

export const DEFAULT_COLOR = '#3B82F6';

const HEX_RE = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_RE.test(value);
}

/** '#RGB' or '#RRGGBB' -> [r, g, b] (0..255), or null when not a hex colour. */
export function hexToRgb(hex: string): [number, number, number] | null {
  if (!isHexColor(hex)) return null;
  let digits = hex.slice(1);
  if (digits.length === 3) digits = [...digits].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/** Perceived brightness (0.299R + 0.587G + 0.114B) / 255, in 0..1; null when not a hex colour. */
export function luminance(hex: string): number | null {
  const rgb = hexToRgb(hex);
  if (!rgb) return null;
  const [r, g, b] = rgb;
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** Black text on light backgrounds (luminance > 0.5), white otherwise and for invalid colours. */
export function badgeTextColor(hex: string): '#000000' | '#FFFFFF' {
  const l = luminance(hex);
  return l !== null && l > 0.5 ? '#000000' : '#FFFFFF';
}

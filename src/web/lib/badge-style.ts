import type { CSSProperties } from 'react';
import { badgeTextColor, DEFAULT_COLOR, hexToRgb } from '@core/index';

type Rgb = [number, number, number];

/** WCAG 2 relative luminance (sRGB). */
function relativeLuminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const toHex = (rgb: Rgb) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`.toUpperCase();

/**
 * Badge colours for a category. The text is black or white by the spec's luminance rule
 * (badgeTextColor); where that pairing stays under WCAG AA (4.5:1, e.g. white on the default
 * #3B82F6), the background is shaded towards the opposite of the text just enough to reach it,
 * so the badge keeps its hue and stays readable.
 */
export function categoryBadgeStyle(color: string): CSSProperties {
  const text = badgeTextColor(color);
  const textRgb: Rgb = text === '#FFFFFF' ? [255, 255, 255] : [0, 0, 0];
  const towards: Rgb = text === '#FFFFFF' ? [0, 0, 0] : [255, 255, 255];
  let bg = (hexToRgb(color) ?? hexToRgb(DEFAULT_COLOR)!) as Rgb;
  for (let i = 0; i < 30 && contrast(bg, textRgb) < 4.5; i++) {
    bg = bg.map((c, j) => c + (towards[j]! - c) * 0.06) as Rgb;
  }
  return { backgroundColor: toHex(bg), color: text };
}

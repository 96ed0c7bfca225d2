/**
 * The event's theme colour as the page's primary colour (docs/PRODUCT.md#booking-wizard), adjusted so that button text
 * and links keep WCAG AA contrast (4.5:1) whatever colour the owner picked: dark enough colours keep
 * white text, light ones (yellow, mint) get dark text, and links use a darkened shade. In core: the web
 * sets it on the page, and the server writes the same colours into the booking page's HTML.
 */
import { DEFAULT_COLOR, hexToRgb } from './luminance';

type Rgb = [number, number, number];
const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [17, 24, 39];
const TARGET = 4.6; // a little above 4.5 so tinted backgrounds stay above AA too

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const relLuminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
export const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [relLuminance(a), relLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
const mix = (c: Rgb, to: Rgb, t: number): Rgb => c.map((v, i) => Math.round(v + (to[i]! - v) * t)) as Rgb;
const hex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** The least darkening of `c` that reaches the target contrast against white. */
function darkenFor(c: Rgb): { color: Rgb; amount: number } {
  for (let t = 0; t <= 1; t += 0.02) {
    const color = mix(c, [0, 0, 0], t);
    if (contrast(color, WHITE) >= TARGET) return { color, amount: t };
  }
  return { color: [0, 0, 0], amount: 1 };
}

export interface ThemePalette {
  primary: string;
  foreground: string;
  hover: string;
  /** Text in the theme colour on a light background. */
  text: string;
}

export function themePalette(themeColor: string | null | undefined): ThemePalette {
  const base = hexToRgb(themeColor ?? '') ?? (hexToRgb(DEFAULT_COLOR) as Rgb);
  const dark = darkenFor(base);
  // Light colours would turn muddy when darkened that far: keep them and write dark text on them.
  const useInk = dark.amount > 0.3 && contrast(base, INK) >= 7;
  const primary = useInk ? base : dark.color;
  return {
    primary: hex(primary),
    foreground: hex(useInk ? INK : WHITE),
    hover: hex(mix(primary, [0, 0, 0], 0.12)),
    text: hex(dark.color),
  };
}

/** CSS variables for the page root; the ui components read --primary and friends. */
export function themeVariables(themeColor: string | null | undefined): Record<string, string> {
  const p = themePalette(themeColor);
  return {
    '--primary': p.primary,
    '--primary-foreground': p.foreground,
    '--primary-hover': p.hover,
    '--ring': p.primary,
    '--brand-soft': `color-mix(in oklab, ${p.primary} 10%, var(--card))`,
    '--bk-accent': p.text,
    '--bk-accent-dark': `color-mix(in oklab, ${p.primary} 45%, white)`,
  };
}

/** The event's theme colour on a page (the palette itself: @core/theme-palette). */
import type { CSSProperties } from 'react';
import { themeVariables } from '@core/theme-palette';

export { contrast, themePalette, type ThemePalette } from '@core/theme-palette';

/** CSS variables for the page root; the ui components read --primary and friends. */
export function themeStyle(themeColor: string | null | undefined): CSSProperties {
  return themeVariables(themeColor) as CSSProperties;
}

/** Text in the event's colour, readable in light and dark mode (needs themeStyle on an ancestor). */
export const ACCENT_TEXT = 'text-(--bk-accent) dark:text-(--bk-accent-dark)';

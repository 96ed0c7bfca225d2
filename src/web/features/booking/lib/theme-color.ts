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

/**
 * A contact link on a line of its own (phone, e-mail, website): not in a sentence, so WCAG 2.5.8
 * asks 24 px of height; the padding gives it that and the negative margin keeps the line as it was.
 */
export const CONTACT_LINK = `-my-0.5 inline-block py-0.5 font-medium underline-offset-4 hover:underline ${ACCENT_TEXT}`;

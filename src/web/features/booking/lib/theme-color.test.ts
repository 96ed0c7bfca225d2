import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexToRgb } from '@core/luminance';
import { contrast, themePalette } from './theme-color';

const rgb = (hex: string) => hexToRgb(hex) as [number, number, number];
const WHITE = rgb('#ffffff');

describe('themePalette', () => {
  it('keeps AA contrast (4.5:1) for button text and links, whatever colour the owner picks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const p = themePalette(`#${n.toString(16).padStart(6, '0')}`);
        expect(contrast(rgb(p.primary), rgb(p.foreground))).toBeGreaterThanOrEqual(4.5);
        expect(contrast(rgb(p.hover), rgb(p.foreground))).toBeGreaterThanOrEqual(4.5);
        expect(contrast(rgb(p.text), WHITE)).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });

  it('keeps dark enough colours as they are, darkens the default blue a little and writes dark text on yellow', () => {
    expect(themePalette('#0F766E')).toMatchObject({ primary: '#0f766e', foreground: '#ffffff' });
    const blue = themePalette('#3B82F6');
    expect(blue.foreground).toBe('#ffffff');
    expect(blue.primary).not.toBe('#3b82f6');
    expect(themePalette('#FACC15')).toMatchObject({ primary: '#facc15', foreground: '#111827' });
  });

  it('falls back to the default colour for anything that is not a hex colour', () => {
    expect(themePalette('rood')).toEqual(themePalette('#3B82F6'));
    expect(themePalette(null)).toEqual(themePalette('#3B82F6'));
  });
});

import { describe, expect, it } from 'vitest';
import { badgeTextColor, DEFAULT_COLOR, hexToRgb, isHexColor, luminance } from './luminance';

describe('luminance', () => {
  it('validates hex colours', () => {
    expect(isHexColor('#3B82F6')).toBe(true);
    expect(isHexColor('#fff')).toBe(true);
    expect(isHexColor('#ffff')).toBe(false);
    expect(isHexColor('3B82F6')).toBe(false);
    expect(isHexColor('#GGGGGG')).toBe(false);
    expect(isHexColor(null)).toBe(false);
  });

  it('parses #RGB and #RRGGBB', () => {
    expect(hexToRgb('#3B82F6')).toEqual([59, 130, 246]);
    expect(hexToRgb('#f0a')).toEqual([255, 0, 170]);
    expect(hexToRgb('red')).toBeNull();
    expect(luminance('#FFFFFF')).toBe(1);
    expect(luminance('#000')).toBe(0);
  });

  it('picks black text on light and white on dark backgrounds', () => {
    expect(badgeTextColor('#FFFFFF')).toBe('#000000');
    expect(badgeTextColor('#FFFF00')).toBe('#000000'); // yellow: 0.886
    expect(badgeTextColor('#fff')).toBe('#000000');
    expect(badgeTextColor('#000000')).toBe('#FFFFFF');
    expect(badgeTextColor(DEFAULT_COLOR)).toBe('#FFFFFF'); // 0.454
    expect(badgeTextColor('#FF0000')).toBe('#FFFFFF'); // 0.299
    expect(badgeTextColor('#00FF00')).toBe('#000000'); // 0.587
    expect(badgeTextColor('#808080')).toBe('#000000'); // 128/255 = 0.502
    expect(badgeTextColor('#7F7F7F')).toBe('#FFFFFF'); // 127/255 = 0.498
    expect(badgeTextColor('nonsense')).toBe('#FFFFFF');
  });

  it('exports the default colour', () => {
    expect(DEFAULT_COLOR).toBe('#3B82F6');
  });
});

import { describe, expect, it } from 'vitest';
import { categoryBadgeStyle } from '@web/lib/badge-style';

describe('category badge colours', () => {
  it('keeps the spec text colour and darkens the default blue just enough for white text', () => {
    const style = categoryBadgeStyle('#3B82F6');
    expect(style.color).toBe('#FFFFFF');
    expect(style.backgroundColor).not.toBe('#3B82F6');
    expect(style.backgroundColor).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('leaves colours that already contrast well alone', () => {
    expect(categoryBadgeStyle('#F59E0B')).toEqual({ backgroundColor: '#F59E0B', color: '#000000' });
    expect(categoryBadgeStyle('#1E3A8A')).toEqual({ backgroundColor: '#1E3A8A', color: '#FFFFFF' });
  });
});

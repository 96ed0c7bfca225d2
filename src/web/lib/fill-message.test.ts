import { describe, expect, it } from 'vitest';
import { fill } from './fill-message';

describe('fill', () => {
  it('fills every placeholder, numbers as text', () => {
    expect(fill('Stap {current} van {total}', { current: 2, total: 4 })).toBe('Stap 2 van 4');
  });

  it('leaves unknown placeholders visible and takes values literally', () => {
    expect(fill('{name} op {date}', { name: 'Eva $& Co' })).toBe('Eva $& Co op {date}');
  });
});

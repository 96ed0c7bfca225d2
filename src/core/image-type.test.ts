import { describe, expect, it } from 'vitest';
import { imageTypeOf } from './image-type';

const b64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));
/** 1×1 images as real encoders write them. */
const PNG = b64(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
);
const JPEG = b64(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
);
const WEBP = b64('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA');
const text = (s: string) => new TextEncoder().encode(s);

describe('imageTypeOf', () => {
  it('recognises PNG, JPEG and WebP by their bytes', () => {
    expect(imageTypeOf(PNG)).toBe('image/png');
    expect(imageTypeOf(JPEG)).toBe('image/jpeg');
    expect(imageTypeOf(WEBP)).toBe('image/webp');
  });
  it('refuses SVG, GIF, HTML and empty input', () => {
    expect(
      imageTypeOf(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
    expect(imageTypeOf(b64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'))).toBeNull();
    expect(imageTypeOf(text('<!doctype html><html><script>alert(1)</script></html>'))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });
  it('refuses a PNG signature without a sane header', () => {
    expect(imageTypeOf(PNG.subarray(0, 12))).toBeNull();
    const huge = PNG.slice();
    huge.set([0, 1, 0, 0], 16); // 65,536 pixels wide
    expect(imageTypeOf(huge)).toBeNull();
    const noIhdr = PNG.slice();
    noIhdr.set(text('IDAT'), 12);
    expect(imageTypeOf(noIhdr)).toBeNull();
  });
  it('refuses a RIFF file that is not WebP', () => {
    const wave = WEBP.slice();
    wave.set(text('WAVE'), 8);
    expect(imageTypeOf(wave)).toBeNull();
  });
});

/**
 * What kind of image a business logo is, decided by its bytes (docs/PRODUCT.md#business-profile),
 * never by a file name or a content type a client claims: a PNG, JPEG or WebP header that makes
 * sense, or nothing. SVG (which can carry script), GIF, HTML and anything else are refused. The
 * browser checks a chosen file with it before uploading; the server decides with it before storing.
 */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** A logo is shown at most a few hundred pixels wide; anything above this is not a logo. */
export const MAX_IMAGE_SIDE = 10_000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const uint32 = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const sane = (side: number) => side > 0 && side <= MAX_IMAGE_SIDE;

/** PNG: the signature, then the IHDR chunk first (13 bytes) with sane dimensions. */
function isPng(b: Uint8Array): boolean {
  if (b.length < 33 || PNG_SIGNATURE.some((byte, i) => b[i] !== byte)) return false;
  return uint32(b, 8) === 13 && ascii(b, 12, 4) === 'IHDR' && sane(uint32(b, 16)) && sane(uint32(b, 20));
}

/** JPEG: start of image (FF D8), then a marker segment (FF + a marker byte). */
function isJpeg(b: Uint8Array): boolean {
  return b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff && b[3]! >= 0xc0 && b[3]! <= 0xfe;
}

/** WebP: a RIFF container of type WEBP whose first chunk is VP8 (lossy), VP8L (lossless) or VP8X. */
function isWebp(b: Uint8Array): boolean {
  return (
    b.length >= 20 &&
    ascii(b, 0, 4) === 'RIFF' &&
    ascii(b, 8, 4) === 'WEBP' &&
    ['VP8 ', 'VP8L', 'VP8X'].includes(ascii(b, 12, 4))
  );
}

/** The image type the bytes are, or null when they are none of the logo types. Needs the first 33 bytes. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (isPng(bytes)) return 'image/png';
  if (isJpeg(bytes)) return 'image/jpeg';
  if (isWebp(bytes)) return 'image/webp';
  return null;
}

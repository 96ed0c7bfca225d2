/**
 * How long a text message is for the phone network: an SMS is written in GSM-7 (160 characters, or
 * 153 per part once it is split) unless one character is outside that alphabet, and then in UCS-2
 * (70, or 67 per part). The template editor shows it and warns above TEXT_PARTS_WARNING parts;
 * providers bill per part. WhatsApp has no parts, but the same counter tells the owner the length.
 */

/** GSM 03.38's basic alphabet (without ESC), one septet each. */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** Its extension table: ESC plus the character, two septets each. */
const GSM7_EXTENDED = new Set('^{}\\[~]|€\f');

export const GSM7_SINGLE = 160;
export const GSM7_PART = 153;
export const UCS2_SINGLE = 70;
export const UCS2_PART = 67;
/** The editor warns when a message takes more parts than this. */
export const TEXT_PARTS_WARNING = 2;

export interface TextMessageLength {
  encoding: 'gsm7' | 'ucs2';
  /** What a person counts: characters (an emoji is one). */
  characters: number;
  /** What the network counts: septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  /** How many messages it is sent as (0 for an empty text). */
  parts: number;
}

/** Each character's size in units, in order, for the text's encoding. */
function unitSizes(chars: string[]): { encoding: TextMessageLength['encoding']; sizes: number[] } {
  if (chars.every((c) => GSM7_BASIC.has(c) || GSM7_EXTENDED.has(c)))
    return { encoding: 'gsm7', sizes: chars.map((c) => (GSM7_EXTENDED.has(c) ? 2 : 1)) };
  return { encoding: 'ucs2', sizes: chars.map((c) => c.length) };
}

/**
 * The text's encoding, length and parts. A character is never split over two parts (an ESC pair in
 * GSM-7, a surrogate pair in UCS-2), as phones join the parts again per character.
 */
export function textMessageLength(text: string): TextMessageLength {
  const chars = Array.from(text);
  const { encoding, sizes } = unitSizes(chars);
  const units = sizes.reduce((sum, n) => sum + n, 0);
  const [single, part] = encoding === 'gsm7' ? [GSM7_SINGLE, GSM7_PART] : [UCS2_SINGLE, UCS2_PART];
  if (units <= single) return { encoding, characters: chars.length, units, parts: units ? 1 : 0 };
  let parts = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > part) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, characters: chars.length, units, parts };
}

/**
 * The one rule for an e-mail address a person types in (customer answers, the owner's address,
 * an SMTP login used as sender). It is the browser's own rule for `<input type=email>` (the WHATWG
 * "valid e-mail address"), so the forms and the server agree, made stricter where that rule lets
 * through addresses no mail server delivers to:
 * - the domain needs a dot (`a@localhost` is valid for the browser, not on the internet);
 * - the local part is an RFC 5321 dot-string: no leading, trailing or doubled dot (`x.@y.nl`);
 * - RFC 5321 lengths: at most 64 characters before the @ and 254 in all.
 * No spaces, quotes, angle brackets or commas pass, so an address can never smuggle a second
 * recipient or a display name into a mail header.
 */

/** WHATWG HTML §4.10.5.1.5, with `+` instead of `*` on the domain's dotted labels. */
const EMAIL_ADDRESS =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

// Anything beyond ASCII: letters with accents, other scripts, typographic quotes, emoji.
const NON_ASCII = /[\u{80}-\u{10ffff}]/u;

/**
 * Why an address is refused, so a form can say more than "invalid" where a person would not see it:
 * 'nonAscii' for an address with letters such as é, ü or ß (or a typographic quote), which the mail
 * servers we send through cannot deliver to (it needs SMTPUTF8 end to end); 'invalid' for the rest.
 * null when the address is acceptable.
 */
export function emailAddressProblem(value: string): 'invalid' | 'nonAscii' | null {
  if (isValidEmailAddress(value)) return null;
  return NON_ASCII.test(value) && isValidEmailAddress(asciiShape(value)) ? 'nonAscii' : 'invalid';
}

/** The address with each non-ASCII character replaced by a letter: valid then only if those were its fault. */
const asciiShape = (value: string) => value.replace(/[\u{80}-\u{10ffff}]/gu, 'x');

/** True when `value` (already trimmed by the caller, as forms do) is an address mail can go to. */
export function isValidEmailAddress(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH || !EMAIL_ADDRESS.test(value)) return false;
  const local = value.slice(0, value.lastIndexOf('@'));
  return (
    local.length <= LOCAL_PART_MAX_LENGTH &&
    !local.startsWith('.') &&
    !local.endsWith('.') &&
    !local.includes('..')
  );
}

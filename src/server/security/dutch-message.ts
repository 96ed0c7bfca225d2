import { nl } from '@contracts/messages';

function collectTexts(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) collectTexts(v, into);
  return into;
}
/** Every Dutch text of the product, so an answer's message can be checked against it. */
const DUTCH = collectTexts(nl);
/** zod's Dutch locale (contracts/zod-nl.ts) for checks a schema leaves to the default text. */
const ZOD_NL = /^(Ongeldige? |Te (lang|kort|groot|klein|laat|vroeg): |Onbekende key)/;

/** A message the product could have written in Dutch: one of its texts, optionally after "<field>: ". */
export function isDutchMessage(message: unknown): boolean {
  if (typeof message !== 'string' || !message) return false;
  if (DUTCH.has(message) || ZOD_NL.test(message)) return true;
  return message.includes(': ') && DUTCH.has(message.slice(message.indexOf(': ') + 2));
}

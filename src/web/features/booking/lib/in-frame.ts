/**
 * True inside an iframe (also when the parent is another origin, which throws on access). Apart from
 * payment-handoff.ts, which needs it only once a payment starts: the wizard's first step asks it.
 */
export function inFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

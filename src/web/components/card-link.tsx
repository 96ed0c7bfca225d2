import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * A card's title as its link, stretched over the whole card (the card must be `relative`): one tab
 * stop and one accessible name per card, with the focus ring drawn around the card.
 */
export function CardLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-[3px] focus-visible:after:ring-ring/60"
    >
      {children}
    </Link>
  );
}

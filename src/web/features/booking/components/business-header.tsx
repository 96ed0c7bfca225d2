import { nlPublic as nl } from '@contracts/messages-public';
import type { PublicBusiness } from '@contracts/public-business';

/**
 * The business behind a public page (docs/PRODUCT.md#business-profile): its logo and name above the
 * page's card, on the theme-coloured band. Nothing when the owner set neither; never in an embed
 * (the owner's own site already says whose it is).
 */
export function BusinessHeader({ business }: { business: PublicBusiness }) {
  if (!business.name && !business.logoUrl) return null;
  return (
    <div className="relative mb-4 flex items-center gap-3 text-primary-foreground">
      {business.logoUrl && (
        <img
          src={business.logoUrl}
          // The name beside it says whose logo it is; without a name the logo is the name.
          alt={business.name ? '' : nl.businessHeader.logoAlt}
          width={40}
          height={40}
          className="size-10 shrink-0 rounded-lg bg-white object-contain p-0.5 shadow-sm"
        />
      )}
      {business.name && <p className="min-w-0 truncate text-base font-semibold">{business.name}</p>}
    </div>
  );
}

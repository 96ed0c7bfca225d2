/**
 * The Dutch texts of the business page `/p/{publicSlug}` (docs/PRODUCT.md#business-page), part of the
 * one messages module (`messages.ts` includes them in `nl`). A part of its own: that page imports it
 * alone, and the booking page, whose first load is the tightest (bench B1), carries none of it.
 */
export const nlPublicBusiness = {
  /** The page with all of a business's services, /p/{publicSlug} (docs/PRODUCT.md#business-page). */
  businessPage: {
    notFound: 'Pagina niet gevonden',
    notFoundText: 'Deze pagina bestaat niet (meer). Controleer de link of vraag de salon om de juiste link.',
    title: 'Onze diensten',
    address: 'Adres',
    phone: 'Telefoon',
    website: 'Website',
    uncategorised: 'Overige diensten',
    empty: 'Er zijn op dit moment geen diensten om online te boeken.',
    free: 'Gratis',
    payAtSalon: 'Betalen in de salon',
    /** The tick box of a service that can be booked with others as one visit (docs/PRODUCT.md#visits). */
    addToVisit: 'Toevoegen aan bezoek',
  },
} as const;

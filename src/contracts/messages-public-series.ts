/**
 * The Dutch texts of a customer's appointment series (docs/PRODUCT.md#series): the wizard's series
 * choice, the manage page's scope and the server's refusals. Imported on its own, not spread into
 * `messages.ts`'s `nl` (the owner app shows none of it): so only the public pages' series chunk
 * (`series-parts.tsx`) loads it, and no chunk shared with the owner app is split off for it, which
 * would add a name to the booking page's first load (bench B1).
 */
export const nlPublicSeries = {
  publicSeries: {
    /** The service does not offer this number of weekly times (its seriesOptions). */
    notOffered: 'Deze dienst kan niet zo vaak achter elkaar worden geboekt. Kies een ander aantal keren.',
    /** A customer's series is all or nothing: one date not free refuses the whole. */
    dateRefused:
      'Deze reeks kan niet worden geboekt: op {date} om {time} is het niet vrij. Kies een ander tijdstip of minder keren.',
    choiceLabel: 'Hoe vaak?',
    once: 'Eenmalig',
    weekly: 'Elke week, {count} keer',
    datesTitle: 'Deze afspraken worden geboekt',
    bookedTitle: 'Deze afspraken zijn geboekt',
    dateAt: '{date} om {time}',
    scopeTitle: 'Welke afspraken?',
    scopeThis: 'Alleen deze afspraak',
    scopeFollowing: 'Deze en alle volgende',
    scopeInvalid: 'Kies "Alleen deze afspraak" of "Deze en alle volgende".',
    notASeries: 'Deze afspraak hoort niet bij een reeks.',
  },
} as const;

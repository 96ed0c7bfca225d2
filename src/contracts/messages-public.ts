/**
 * The Dutch texts of the booking and business pages' first screens (the wizard's date and time
 * steps, the business page) and of what every page shares (errors, the e-mail rule). Part of the one
 * messages module (`messages.ts` exports them as part of `nl`); those pages import this part alone,
 * so a customer's phone does not download the other texts. A section may continue in
 * `messages-public-steps.ts` (the later steps, the manage page, the server's booking refusals) and in
 * `messages.ts` (the owner app); each key is written once (docs/decisions/012). Texts quoted by the
 * product specification are copied word for word.
 */
export const nlPublic = {
  app: {
    name: 'Afspraakplanner',
  },
  /** The e-mail rule's message (contracts/email-address.ts); the owner forms' other rules are in messages.ts. */
  validation: {
    invalidEmail: 'Ongeldig e-mailadres',
  },
  /** What every page may show of a refusal; the owner account's own refusals are in messages.ts. */
  errors: {
    internal: 'Er is een interne fout opgetreden. Probeer het later opnieuw.',
    genericTitle: 'Fout',
  },
  clientErrors: {
    network: 'Kan geen verbinding maken met de server. Controleer uw verbinding en probeer het opnieuw.',
    loadFailed: 'Kon de gegevens niet laden.',
    pageFailed: 'Er ging iets mis bij het laden van deze pagina.',
    retry: 'Opnieuw proberen',
    reload: 'Pagina vernieuwen',
  },
  /** The booking texts of the first step; the rest (the form's rules, the server's refusals) are in messages-public-steps.ts. */
  booking: {
    agendaLabel: 'Voorkeur',
    noPreference: 'Geen voorkeur',
    eventNotFound: 'Evenement niet gevonden',
  },
  /** The shared month calendar (components/ui/month-calendar). */
  calendar: {
    previousMonth: 'Vorige maand',
    nextMonth: 'Volgende maand',
    today: 'vandaag',
  },
  /** Public booking wizard /boek/{slug} (docs/PRODUCT.md#booking-wizard): its first steps; the later steps' texts are in messages-public-steps.ts. */
  wizard: {
    progressLabel: 'Voortgang van uw boeking',
    stepOf: 'Stap {current} van {total}',
    steps: { date: 'Datum', time: 'Tijd', form: 'Gegevens', review: 'Overzicht', payment: 'Betaling' },
    dateTitle: 'Kies een datum',
    dateText: 'Kies een dag die u goed uitkomt.',
    timeTitle: 'Kies een tijd',
    timeText: 'Beschikbare tijden op {date}.',
    availableDays: 'Beschikbare dagen',
    availableTimes: 'Beschikbare tijden',
    freeSlots: '{count} tijden vrij',
    freeSlot: '1 tijd vrij',
    noDatesInMonth: 'In deze maand zijn geen dagen meer beschikbaar. Kijk bij een andere maand.',
    noDates: 'Er zijn op dit moment geen beschikbare datums.',
    busy: '(Bezet)',
    /** Announced when another "Voorkeur" makes the time chosen before not free. */
    timeGone: 'Het gekozen tijdstip {time} is bij deze voorkeur niet vrij. Kies opnieuw een tijd.',
    noTimes: 'Op deze dag zijn geen tijden beschikbaar.',
    back: 'Terug',
    minutes: '{count} minuten',
    price: 'Prijs',
    eventNotFoundText:
      'Deze boekingspagina bestaat niet (meer). Controleer de link of neem contact op met de organisator.',
    poweredBy: 'Online afspraken via',
  },
  /**
   * A paid service whose owner has no working payment keys: the booking page says so on its first
   * step, and the server refuses its holds and bookings with the same words (docs/PRODUCT.md#payments).
   */
  bookingUnavailable: {
    title: 'Online afspraken maken is tijdelijk niet mogelijk',
    text: 'Neem contact op met de organisator om een afspraak te maken.',
  },
  /** The business above every public page (docs/PRODUCT.md#business-profile). */
  businessHeader: {
    /** The logo's text when no name stands beside it (with a name, the logo is decoration). */
    logoAlt: 'Logo',
  },
  /** What the public pages share of the page frame; the owner layout's texts are in messages.ts. */
  layout: {
    loading: 'Laden...',
    close: 'Sluiten',
  },
} as const;

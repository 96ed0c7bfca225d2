/**
 * The public pages' texts that no first screen shows: the booking page's later steps (booking
 * policy, deposit, payment), the payment pages and the good endings after a booking. With `nlPublic`
 * (which it includes) it is the public part of the one messages module; the booking and business
 * pages' first screens import `messages-public.ts` alone, so their first load leaves these out
 * (issue 21, B1).
 */
import { nlPublic } from './messages-public';

export const nlPublicSteps = {
  ...nlPublic,
  /** The owner's cancellation policy and change cut-offs, on the wizard's review step and the manage page. */
  policy: {
    title: 'Annuleringsvoorwaarden',
    accept: 'Ik ga akkoord met de annuleringsvoorwaarden',
    rescheduleUntil: 'Wijzigen kan tot {deadline}',
    cancelUntil: 'Annuleren kan tot {deadline}',
    rescheduleClosed: 'Wijzigen via deze link kon tot {deadline}',
    cancelClosed: 'Annuleren via deze link kon tot {deadline}',
  },
  /** /payment/processing, /payment/success and /payment/failure (docs/PRODUCT.md#payment-pages, #paid-flow). */
  paymentPages: {
    successTitle: 'Afspraak Bevestigd!',
    successText: 'Uw afspraak is vastgelegd. U ontvangt een bevestiging per e-mail.',
    event: 'Afspraak',
    date: 'Datum',
    time: 'Tijd',
    name: 'Naam',
    email: 'E-mail',
    phone: 'Telefoon',
    paid: 'Betaald',
    manageTitle: 'Afspraak beheren',
    manageText:
      'Met deze persoonlijke link kunt u uw afspraak later wijzigen of annuleren. Bewaar hem goed: hij wordt hier maar één keer getoond.',
    copyLink: 'Link kopiëren',
    copied: 'Link gekopieerd',
    toStart: 'Terug naar de startpagina',
    newBooking: 'Nog een afspraak maken',
    noSummaryTitle: 'Geen boekingsgegevens gevonden',
    noSummaryText: 'In deze browser zijn geen gegevens van een recente boeking gevonden.',
    failureTitle: 'Betaling Mislukt',
    failureText: 'Uw afspraak is niet gemaakt, omdat de betaling niet is gelukt.',
    causesTitle: 'Mogelijke oorzaken',
    causes: [
      'Onvoldoende saldo op uw rekening',
      'Onjuiste betaalgegevens',
      'De betaling is geweigerd door uw bank',
      'Een tijdelijke technische storing',
    ],
    retry: 'Opnieuw proberen',
    contactOwner: 'Lukt het daarna nog steeds niet? Neem dan contact op met de organisator van de afspraak.',
    paymentFailed: 'Betaling is mislukt. Probeer het opnieuw.',
    processingTitle: 'Betaling verwerken...',
    processingText: 'Even geduld alstublieft',
  },
  /** The payment step of the wizard (docs/PRODUCT.md#paid-flow, #errors). */
  paymentStep: {
    amountLabel: 'Te betalen',
    pay: 'Betaal {amount}',
    processing: 'Betaling verwerken...',
    processingText: 'Even geduld alstublieft',
    heldUntil: 'Dit tijdstip is tot {time} uur voor u gereserveerd.',
    secure: 'U betaalt via een beveiligde verbinding met de betaaldienst; wij zien uw kaartgegevens niet.',
    formUnavailable:
      'Het betaalformulier kan op dit moment niet worden geladen. Probeer het later opnieuw of neem contact op met de organisator.',
    failedTitle: 'Betaling mislukt',
    failedText: 'Er is een fout opgetreden bij de betaling',
    errorText: 'Er is een fout opgetreden bij de betaling.',
  },
  /**
   * Paying by a bank redirect (iDEAL | Wero, Bancontact) and paying from an embedded booking page,
   * whose iframe cannot show the bank's pages (docs/PRODUCT.md#paid-flow, #embed-payment).
   */
  redirectPayment: {
    embedText:
      'U betaalt in een nieuw venster, zodat u veilig bij uw bank of met uw kaart kunt afrekenen. Daarna ziet u hier het resultaat.',
    openWindow: 'Betalen in nieuw venster',
    waitingTitle: 'Wachten op uw betaling…',
    waitingText:
      'Rond de betaling af in het nieuwe venster. Zodra de betaling binnen is, ziet u hier vanzelf uw bevestiging.',
    reopenWindow: 'Betaalvenster opnieuw openen',
    checkNow: 'Nu controleren',
    checking: 'Controleren…',
    payPageTitle: 'Afspraak betalen',
    invalidLinkTitle: 'Deze betaallink werkt niet',
    invalidLinkText:
      'De gegevens van de betaling ontbreken of zijn verlopen. Begin opnieuw op de boekingspagina.',
    pendingLabel: 'Betaling (in behandeling)',
    pendingText:
      'Uw bank verwerkt de betaling nog. Uw afspraak is vastgelegd; lukt de betaling alsnog niet, dan vervalt de afspraak.',
  },
  /** A deposit: part of the price paid online, the rest at the appointment (docs/PRODUCT.md#deposits). */
  deposit: {
    split: 'Aanbetaling {payNow} (rest {dueLater} in de salon)',
    notice: 'U betaalt nu een aanbetaling van {payNow}; de rest ({dueLater}) betaalt u in de salon.',
    payAtSalon: 'U betaalt {amount} in de salon; online betalen is voor u niet nodig.',
    checking: 'Bedrag voor online betalen berekenen…',
    quoteFailed: 'Kon het te betalen bedrag niet ophalen. Probeer het opnieuw.',
    paid: 'Betaald',
    due: 'Nog te betalen in de salon',
  },
  /** Card payments through the owner's own payment account (server answers; docs/PRODUCT.md#payments). */
  payments: {
    notAvailable:
      'Online betalen is voor deze afspraak nog niet ingesteld. Neem contact op met de organisator.',
    notRequired: 'Voor deze afspraak is geen betaling nodig.',
    initiateFailed: 'Kon betaling niet initiëren.',
    providerRefused: 'De betaaldienst heeft de betaling geweigerd. Neem contact op met de organisator.',
    providerUnavailable:
      'De betaaldienst is tijdelijk niet bereikbaar. Probeer het over enkele minuten opnieuw.',
    intentNotFound: 'Deze betaling is niet gevonden.',
    intentMismatch: 'Deze betaling hoort niet bij deze afspraak.',
    notCompleted: 'De betaling is nog niet voltooid. Rond de betaling af en probeer het opnieuw.',
    refunded: 'Dit tijdstip is niet meer beschikbaar. Uw betaling wordt volledig terugbetaald.',
    awaitingPayment: 'Deze afspraak wacht nog op betaling en kan nog niet worden gewijzigd.',
  },
  /** 'Zet in agenda' and the ways back after booking or cancelling (docs/PRODUCT.md#good-endings). */
  goodEndings: {
    addToCalendar: 'Zet in agenda',
    addToCalendarText:
      'Zet de afspraak in uw eigen agenda. Het agendabestand werkt ook in Apple Agenda en andere agenda-apps.',
    google: 'Google Agenda',
    outlook: 'Outlook',
    icsFile: 'Agendabestand (.ics)',
    /** Told to screen readers on a link that opens a new tab. */
    newTab: '(opent in een nieuw tabblad)',
    /** The calendar entry's title when the business has a name. */
    entryTitle: '{event} bij {business}',
    entryDetails: 'Beheer uw afspraak: {url}',
    icsCancelled: 'Deze afspraak is geannuleerd en kan niet meer in uw agenda worden gezet.',
    icsAwaitingPayment: 'Deze afspraak wacht nog op betaling en kan nog niet in uw agenda worden gezet.',
    newBooking: 'Nieuwe afspraak maken',
  },
} as const;

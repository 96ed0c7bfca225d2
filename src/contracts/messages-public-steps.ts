/**
 * The public pages' texts that no first screen of the booking or business page shows: the wizard's
 * later steps (form, review, policy, deposit, payment), the manage page, the payment pages, the good
 * endings after a booking and the server's booking refusals. With `nlPublic` (which it includes, its
 * sections continued here) it is the public part of the one messages module; the booking and business
 * pages' first screens import `messages-public.ts` alone, so their first load leaves these out
 * (issue 21, B1).
 */
import { nlPublic } from './messages-public';

export const nlPublicSteps = {
  ...nlPublic,
  validation: {
    ...nlPublic.validation,
    /** An address with é, ü, ß or another letter beyond a–z: say why, or it looks like a typo. */
    emailChars:
      'Ongeldig e-mailadres: gebruik alleen letters zonder accent (a-z), cijfers en tekens als . - _ +. Adressen met letters als é, ü of ß kunnen wij niet bezorgen.',
  },
  /** The not-found page texts are fixed by docs/PRODUCT.md#web-routes, in English. */
  notFound: {
    title: '404 Page Not Found',
    text: 'Did you forget to add the page to the router?',
    home: 'Naar de startpagina',
  },
  /** The toasts' texts: the toaster loads on a page's first toast, not with its first screen. */
  layout: {
    ...nlPublic.layout,
    notifications: 'Melding',
    notificationsRegion: 'Meldingen ({hotkey})',
  },
  /** Refusals only the server words (the pages show the message it sends). */
  errors: {
    ...nlPublic.errors,
    badRequest: 'Ongeldige aanvraag.',
    noChanges: 'Geen wijzigingen opgegeven.',
    forbiddenCrossSite: 'Verzoek geweigerd: afkomstig van een andere website',
    notFound: 'Niet gevonden',
    conflict: 'Dit conflicteert met bestaande gegevens',
    tooManyRequests: 'Te veel pogingen. Probeer het over enkele minuten opnieuw.',
    payloadTooLarge: 'Het verzoek is te groot.',
    unsupportedMediaType: 'Dit type inhoud wordt niet ondersteund.',
    unavailable: 'De dienst is tijdelijk niet beschikbaar. Probeer het zo opnieuw.',
    /** A NUL or half a UTF-16 pair in a query or body: text no one types, which cannot be stored. */
    invalidCharacter: 'De invoer bevat een ongeldig teken. Haal het weg en probeer het opnieuw.',
    idempotencyKeyInvalid: 'De Idempotency-Key moet 1 tot 200 zichtbare tekens zijn.',
    idempotencyKeyReused: 'Deze Idempotency-Key is al gebruikt voor een ander verzoek.',
    idempotencyInProgress: 'Dit verzoek wordt nog verwerkt. Probeer het zo opnieuw.',
  },
  wizard: {
    ...nlPublic.wizard,
    formTitle: 'Uw gegevens',
    formText: 'Vul uw gegevens in zodat wij uw afspraak kunnen vastleggen.',
    /** Under the form when the owner linked a privacy statement (docs/PRODUCT.md#privacy-notice). */
    privacyNotice: 'Wij gaan zorgvuldig om met uw gegevens.',
    privacyLink: 'Lees onze privacyverklaring.',
    /** The controls of choice fields; the select's empty first entry. */
    yes: 'Ja',
    no: 'Nee',
    choose: 'Maak een keuze',
    reviewTitle: 'Controleer uw afspraak',
    reviewText: 'Kijk of alles klopt en bevestig daarna uw afspraak.',
    paymentTitle: 'Betaling',
    paymentText: 'Rond de betaling van {amount} af om uw afspraak te bevestigen.',
    paymentNotice: 'Voor deze afspraak is een betaling van {amount} vereist.',
    /** A priced service that is not paid online (docs/PRODUCT.md#business-page). */
    payAtSalonNotice: 'U betaalt {amount} in de salon.',
    backToReview: 'Terug naar overzicht',
    next: 'Volgende',
    confirm: 'Bevestigen',
    toPayment: 'Naar betaling',
    sending: 'Bezig...',
    event: 'Afspraak',
    date: 'Datum',
    time: 'Tijd',
    duration: 'Duur',
    optional: 'optioneel',
    country: 'Land',
    countryOf: 'Land voor {field}',
    fixErrors: 'Controleer de gemarkeerde velden.',
  },
  /** Group classes (docs/PRODUCT.md#classes): places per time and per booking. */
  classes: {
    seatsLeft: 'Nog {count} plekken',
    seatLeft: 'Nog 1 plek',
    full: 'Vol',
    seatsLabel: 'Aantal plekken',
    seatsHint: 'U kunt op dit tijdstip tot {count} plekken tegelijk boeken.',
    /** The review's price of a class booking of several places. */
    priceTimes: '{count} × {price} = {total}',
  },
  booking: {
    ...nlPublic.booking,
    agendaNotOffered: 'Deze keuze hoort niet bij deze afspraak. Kies opnieuw.',
    /** The booking's name when the customer's answers give none. */
    fallbackCustomerName: 'Klant',
    required: 'Dit veld is verplicht',
    invalidEmail: 'Ongeldig e-mailadres',
    invalidPhone: 'Voer 8-15 cijfers in',
    answerTooLong: 'Dit antwoord is te lang (maximaal 2000 tekens).',
    /** A name holds a line break, a tab or another control character (core hasControlCharacters). */
    nameControlChars: 'Een naam past op één regel: zonder regeleinden, tabs of andere stuurtekens.',
    /** Answers to the choice, date and number fields (core validateAnswers). */
    invalidOption: 'Kies uit de mogelijkheden',
    invalidCheckbox: 'Vink het vakje aan of laat het leeg',
    invalidYesNo: 'Kies Ja of Nee',
    invalidAnswerDate: 'Vul een geldige datum in',
    invalidNumber: 'Vul een getal in',
    numberTooSmall: 'Vul een getal in van minimaal {min}',
    numberTooLarge: 'Vul een getal in van maximaal {max}',
    notCompleteTitle: 'Niet compleet',
    notCompleteText: 'Selecteer een datum en tijd.',
    selectNewDateTime: 'Selecteer een nieuwe datum en tijd.',
    invalidDate: 'Ongeldige datum',
    invalidTime: 'Ongeldige tijd',
    bookingNotFound: 'Afspraak niet gevonden',
    slotTaken: 'Dit tijdstip is zojuist door iemand anders geboekt. Kies een ander tijdstip.',
    /** A class's places are sold, or fewer are left than asked (docs/PRODUCT.md#classes). */
    classFull: 'Deze les is vol. Kies een ander tijdstip.',
    /** More places in one booking than the class allows; {n}: its maxSeatsPerBooking. */
    tooManySeats: 'U kunt voor deze les maximaal {n} plekken tegelijk boeken.',
    seatsInvalid: 'Kies een aantal plekken van 1 of meer.',
    /** A class in a visit with other services (docs/PRODUCT.md#classes). */
    classInVisit: 'Een les kan niet samen met andere diensten worden geboekt. Boek de les apart.',
    slotUnavailable: 'Dit tijdstip is niet beschikbaar voor dit evenement.',
    slotPast: 'Dit tijdstip ligt in het verleden. Kies een later tijdstip.',
    /** A wall time the spring DST change skips (docs/PRODUCT.md#time-zone). */
    slotSkipped:
      'Dit tijdstip bestaat niet: die nacht gaat de klok een uur vooruit (zomertijd). Kies een ander tijdstip.',
    cancelledCannotChange: 'Deze afspraak is geannuleerd en kan niet meer worden gewijzigd.',
    pastCannotChange: 'Deze afspraak ligt in het verleden en kan niet meer worden gewijzigd.',
    paymentRequired: 'Voor deze afspraak is een betaling vereist.',
    bookFailed: 'Kon afspraak niet boeken. Probeer het opnieuw.',
    rescheduleFailed: 'Kon afspraak niet bijwerken. Probeer het opnieuw.',
    cancelFailed: 'Kon afspraak niet annuleren. Probeer het opnieuw.',
    invalidMonth: 'Ongeldige maand',
    /** Refusals by the owner's booking rules (docs/PRODUCT.md#booking-rules). */
    noticeMinutes: 'Boeken kan tot {n} minuten van tevoren.',
    noticeHours: 'Boeken kan tot {n} uur van tevoren.',
    noticeDays: 'Boeken kan tot {n} dagen van tevoren.',
    noticeOneDay: 'Boeken kan tot 1 dag van tevoren.',
    noticeOneMinute: 'Boeken kan tot 1 minuut van tevoren.',
    horizon: 'Boeken kan tot en met {date}. Kies een eerdere datum.',
    closed: 'Op deze dag is {label}: we zijn gesloten.',
    /** No person or room the service needs works that day (their own hours or an absence). */
    agendaOff: 'Op deze dag is er niemand beschikbaar voor deze afspraak. Kies een andere dag.',
    dayFull: 'Deze dag is vol.',
    policyRequired: 'Ga akkoord met de annuleringsvoorwaarden om te boeken.',
    /** docs/PRODUCT.md#text-messages: the form step's consent, unticked by default. */
    textConsent: {
      sms: 'Stuur mij een herinnering per sms',
      whatsapp: 'Stuur mij een herinnering per WhatsApp',
    },
    textConsentNeedsPhone: 'Vul uw mobiele nummer in om berichten per sms of WhatsApp te krijgen.',
    textConsentNotMobile:
      'Op dit nummer kunnen wij geen sms of WhatsApp sturen: vul een mobiel nummer in (bijv. 06 12345678).',
    cancelCutoffPassed: 'Annuleren via deze link kon tot {deadline}. Neem contact met ons op.',
    rescheduleCutoffPassed: 'Wijzigen via deze link kon tot {deadline}. Neem contact met ons op.',
  },
  /** Manage page /booking/manage/{token} (docs/PRODUCT.md#manage-page). */
  manage: {
    title: 'Uw afspraak',
    text: 'Bekijk, wijzig of annuleer uw afspraak.',
    date: 'Datum',
    time: 'Tijd',
    duration: 'Duur',
    minutes: '{count} minuten',
    /** The agenda (person, room) the booking is with, when the service has several. */
    agenda: 'Bij',
    name: 'Naam',
    email: 'E-mail',
    phone: 'Telefoon',
    change: 'Wijzig datum/tijd',
    cancelBooking: 'Annuleer afspraak',
    confirmCancel: 'Weet u zeker dat u deze afspraak wilt annuleren?',
    /** The cancel question's buttons: keep the appointment, or cancel it. */
    keepBooking: 'Afspraak behouden',
    confirmCancelButton: 'Ja, annuleer afspraak',
    editTitle: 'Nieuwe datum en tijd',
    editText: 'Kies een andere dag en daarna een vrij tijdstip.',
    calendarLabel: 'Kies een nieuwe datum',
    timesOn: 'Tijden op {date}',
    chooseDateFirst: 'Kies eerst een datum in de kalender.',
    current: '(huidig)',
    cancel: 'Annuleren',
    save: 'Opslaan',
    busy: 'Bezig...',
    updated: 'Afspraak bijgewerkt',
    updatedText: 'Uw afspraak is succesvol gewijzigd.',
    cancelled: 'Afspraak geannuleerd',
    cancelledText: 'Uw afspraak is succesvol geannuleerd.',
    notFoundTitle: 'Afspraak niet gevonden',
    notFoundText:
      'Controleer of u de volledige link uit uw bevestiging heeft gebruikt en probeer het opnieuw.',
    cancelledTitle: 'Afspraak geannuleerd',
    cancelledInfo: 'Deze afspraak is geannuleerd en kan niet meer worden gewijzigd.',
    /** What happens to money paid online when the customer cancels (docs/PRODUCT.md#refunds). */
    refundOnCancel: 'Uw betaling van {amount} wordt teruggestort.',
    noRefundOnCancel:
      'Uw betaling van {amount} wordt niet automatisch teruggestort. Neem hiervoor contact op met de organisator.',
    refunded: 'Uw betaling van {amount} is teruggestort.',
    refundPending: 'Uw betaling van {amount} wordt teruggestort.',
  },
  /** The owner's cancellation policy and change cut-offs, on the wizard's review step and the manage page. */
  policy: {
    title: 'Annuleringsvoorwaarden',
    accept: 'Ik ga akkoord met de annuleringsvoorwaarden',
    rescheduleUntil: 'Wijzigen kan tot {deadline}',
    cancelUntil: 'Annuleren kan tot {deadline}',
    rescheduleClosed: 'Wijzigen via deze link kon tot {deadline}',
    cancelClosed: 'Annuleren via deze link kon tot {deadline}',
    /** Said before booking (review step) when the chosen time is already inside a cut-off (core onlineChanges). */
    closedAhead: {
      both: 'Let op: deze afspraak valt binnen de termijn voor wijzigen en annuleren. Na het boeken kunt u haar niet meer online wijzigen of annuleren; neem daarvoor contact op met de zaak.',
      reschedule:
        'Let op: deze afspraak valt binnen de termijn voor wijzigen. Na het boeken kunt u haar niet meer online wijzigen; neem daarvoor contact op met de zaak.',
      cancel:
        'Let op: deze afspraak valt binnen de termijn voor annuleren. Na het boeken kunt u haar niet meer online annuleren; neem daarvoor contact op met de zaak.',
    },
    /** In the e-mail and on the manage page once a change is no longer possible online. */
    closedNow: {
      both: 'Wijzigen of annuleren kan niet meer online.',
      reschedule: 'Wijzigen kan niet meer online.',
      cancel: 'Annuleren kan niet meer online.',
    },
    contactNamed: 'Neem daarvoor contact op met {business}:',
    contactUnnamed: 'Neem daarvoor contact met ons op:',
    contactTitle: 'Contact',
    address: 'Adres',
    phone: 'Telefoon',
    email: 'E-mail',
  },
  /** /payment/processing, /payment/success and /payment/failure (docs/PRODUCT.md#payment-pages, #paid-flow). */
  paymentPages: {
    successTitle: 'Afspraak Bevestigd!',
    successText: 'Uw afspraak is vastgelegd. U ontvangt een bevestiging per e-mail.',
    /** docs/PRODUCT.md#text-messages: after successText, when the customer asked for texts. */
    alsoText: { sms: 'U krijgt ook een sms.', whatsapp: 'U krijgt ook een WhatsApp-bericht.' },
    /** docs/PRODUCT.md#approval: a request, not yet an appointment. */
    requestedTitle: 'Aanvraag ontvangen',
    requestedText:
      'Uw aanvraag is ontvangen. Dit is nog geen bevestiging: u krijgt een e-mail zodra uw aanvraag is bevestigd of afgewezen. Tot dan houden we de tijd voor u vast.',
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
    /** Shortly before the hold runs out (WCAG 2.2.1), with 'Meer tijd'. */
    holdWarning: 'Uw reservering verloopt om {time} uur. Heeft u meer tijd nodig om te betalen?',
    moreTime: 'Meer tijd',
    extended: 'Verlengd: dit tijdstip is nu tot {time} uur voor u gereserveerd.',
    extendFailed: 'Kon de reservering niet verlengen. Rond de betaling zo snel mogelijk af.',
    chooseTime: 'Kies een andere tijd',
    secure: 'U betaalt via een beveiligde verbinding met de betaaldienst; wij zien uw kaartgegevens niet.',
    formUnavailable:
      'Het betaalformulier kan op dit moment niet worden geladen. Probeer het later opnieuw of neem contact op met de organisator.',
    failedTitle: 'Betaling mislukt',
    failedText: 'Er is een fout opgetreden bij de betaling',
    errorText: 'Er is een fout opgetreden bij de betaling.',
  },
  /** The payment this browser started and left (a closed tab), offered again on the booking page. */
  resumePayment: {
    title: 'U was nog aan het betalen',
    text: 'Uw afspraak op {date} om {time} uur is nog tot {until} uur voor u gereserveerd.',
    resume: 'Verder met betalen',
    release: 'Andere tijd kiezen',
    released: 'Het tijdstip is vrijgegeven. Kies hieronder een datum.',
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
    /** Releasing or extending a hold through its token (docs/PRODUCT.md#payments). */
    holdNotOpen: 'Deze afspraak wacht niet meer op betaling.',
    holdExpired: 'De reservering van dit tijdstip is verlopen. Kies opnieuw een tijd.',
    holdAtLimit: 'Langer reserveren is niet mogelijk. Rond de betaling nu af.',
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
  /** Visits: several services booked as one (docs/PRODUCT.md#visits). */
  visits: {
    needService: 'Kies ten minste één dienst.',
    tooManyServices: 'U kunt maximaal 5 diensten in één bezoek boeken.',
    serviceTwice: 'Elke dienst kan maar één keer in een bezoek.',
    notCombinable: 'Deze diensten kunnen niet samen in één bezoek worden geboekt.',
    otherBusiness: 'Deze diensten horen niet bij hetzelfde bedrijf.',
    /** The person chosen for the whole visit does not do every service. */
    agendaNotForAll: 'Deze medewerker doet niet alle gekozen diensten. Kies een andere of "Geen voorkeur".',
    /** The services paid online in one visit are paid with one payment, so in one currency. */
    currencyMixed:
      'Deze diensten worden in verschillende valuta betaald en kunnen niet samen in één bezoek worden geboekt.',
    /** The basket bar of the business page, once a service is ticked. */
    basketLabel: 'Uw bezoek',
    basketOne: '1 dienst',
    basketMany: '{count} diensten',
    basketTotal: '{count} · {minutes} · {price}',
    basketTotalFree: '{count} · {minutes}',
    basketNext: 'Verder',
    /** The booking page's date step of a service that can be combined. */
    addService: 'Nog een dienst toevoegen',
    addServiceTitle: 'Dienst toevoegen aan uw bezoek',
    addServiceText: 'Deze diensten kunt u in hetzelfde bezoek laten doen, direct na elkaar.',
    addServiceNone: 'Er zijn geen andere diensten om mee te combineren.',
    add: 'Toevoegen',
    /** '{title} toevoegen' for screen readers, beside the visible 'Toevoegen'. */
    addNamed: '{title} toevoegen',
    close: 'Sluiten',
    /** The visit wizard. */
    pageTitle: 'Uw bezoek',
    services: 'Diensten',
    remove: 'Verwijderen',
    removeNamed: '{title} verwijderen',
    totalTime: 'Totale tijd',
    totalPrice: 'Totaalprijs',
    payAtSalon: 'Te betalen in de salon: {amount}.',
    /** A visit with a service paid online: what is paid now (the visit's quote) and at the salon. */
    payNowNotice: 'Voor dit bezoek betaalt u nu online {amount}.',
    payNowLater: 'U betaalt nu online {payNow}; in de salon betaalt u nog {dueLater}.',
    /** The payment step of a visit. */
    paymentText: 'Rond de betaling van {amount} af om uw bezoek te bevestigen.',
    salonRest: 'In de salon betaalt u nog {amount}.',
    reviewTitle: 'Controleer uw bezoek',
    reviewText: 'Kijk of alles klopt en bevestig daarna uw bezoek.',
    /** One segment on the review and the done screen: 'Knippen: 10:00 – 10:30'. */
    segmentTime: '{start} – {end}',
    person: 'Medewerker',
    doneTitle: 'Bezoek bevestigd!',
    doneText: 'Uw bezoek is vastgelegd. U ontvangt een bevestiging per e-mail.',
    notFound: 'Dit bezoek kan niet worden geboekt',
    notFoundText:
      'Een of meer van de gekozen diensten bestaan niet (meer) of kunnen niet samen worden geboekt.',
    toServices: 'Terug naar de diensten',
  },
} as const;

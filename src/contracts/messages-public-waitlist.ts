/**
 * The Dutch texts of the waitlist (docs/PRODUCT.md#waitlist): joining from the booking page, the
 * offer page `/wachtlijst/{token}` and the server's refusals. Part of the one messages module
 * (`messages.ts` includes them in `nl`); a part of its own so the booking page's first load (bench
 * B1) carries none of it: the join form and the offer page load it with their own chunk.
 */
export const nlPublicWaitlist = {
  waitlist: {
    // Join (booking page, a full time or a day without free times).
    joinTitle: 'Op de wachtlijst',
    joinTimeIntro:
      'Deze les is vol. Laat uw gegevens achter: komt er een plek vrij, dan krijgt u een e-mail en houden we de plek even voor u vast.',
    joinDayIntro:
      'Op deze dag is geen tijd meer vrij. Laat uw gegevens achter: komt er een tijd vrij, dan krijgt u meteen een e-mail.',
    joinTimeButton: 'Zet mij op de wachtlijst',
    joinDayButton: 'Zet mij op de wachtlijst voor deze dag',
    joinOpen: 'Wachtlijst',
    joinOpenTime: 'Wachtlijst voor {time}',
    joinOpenDay: 'Wachtlijst voor deze dag',
    offerTitle: 'Wachtlijst',
    offerTimesText: 'Is de tijd die u wilt vol? Zet u op de wachtlijst voor die tijd.',
    fullDaysTitle: 'Volle dagen',
    fullDaysText: "Op deze dagen is geen tijd meer vrij. U kunt op de wachtlijst voor zo'n dag.",
    fullDayButton: 'Wachtlijst voor {date}',
    joinFailed: 'Het lukte niet u op de wachtlijst te zetten. Probeer het opnieuw.',
    cancelJoin: 'Annuleren',
    seatsTooMany: 'Voor zoveel plekken kunt u hier direct boeken, of kies minder plekken.',
    name: 'Naam',
    email: 'E-mailadres',
    phone: 'Telefoonnummer (optioneel)',
    seats: 'Aantal plekken',
    joining: 'Bezig...',
    joined: 'U staat op de wachtlijst',
    joinedText:
      'U bent nummer {position} op de wachtlijst. We hebben u een e-mail gestuurd met een link om u af te melden.',
    // The offer page.
    pageTitle: 'Uw plek op de wachtlijst',
    waitingText: 'U staat op de wachtlijst voor {what}. U bent nummer {position}.',
    offeredText: 'Er is een plek vrijgekomen: {what}. We houden deze plek voor u vast tot {until}.',
    dayOfferedText: 'Er is een tijd vrijgekomen op {date}. Wie het eerst boekt, heeft de plek.',
    claimButton: 'Boek deze plek',
    claiming: 'Bezig met boeken...',
    claimed: 'Geboekt',
    claimedText: 'U heeft de plek geboekt. U ontvangt een bevestiging per e-mail.',
    chooseTime: 'Kies een tijd',
    noFreeTime: 'Op dit moment is er op deze dag geen tijd vrij. U blijft op de wachtlijst.',
    leaveButton: 'Afmelden voor de wachtlijst',
    leaving: 'Bezig...',
    left: 'U bent afgemeld voor de wachtlijst.',
    closedText: 'Deze plaats op de wachtlijst is niet meer open.',
    claimedStatusText: 'U heeft deze plek al geboekt. De bevestiging staat in uw e-mail.',
    lapsedText:
      'De tijd om deze plek te boeken is voorbij. De plek is aan de volgende op de wachtlijst aangeboden.',
    removedText: 'De zaak heeft u van de wachtlijst gehaald.',
    notFoundTitle: 'Wachtlijst niet gevonden',
    entryLabel: 'Wachtlijst voor',
    seatsLine: '{count} plekken',
    claimFailed: 'Het boeken is niet gelukt. Probeer het opnieuw.',
    leaveFailed: 'Afmelden is niet gelukt. Probeer het opnieuw.',
    confirmLeave: 'Afmelden voor de wachtlijst?',
    confirmLeaveText: 'U verliest uw plaats op de wachtlijst.',
    stayOn: 'Op de wachtlijst blijven',
    formTitle: 'Uw gegevens',
    freeTimesLabel: 'Vrije tijden',
    loadingTimes: 'Tijden laden...',
    anyTime: 'een tijd op {date}',
    timeOn: '{date} om {time}',
    // The server's refusals.
    notEnabled: 'Deze dienst heeft geen wachtlijst.',
    entryNotFound: 'Deze plaats op de wachtlijst bestaat niet (meer).',
    alreadyOnTime: 'U staat al op de wachtlijst voor dit tijdstip.',
    alreadyOnDay: 'U staat al op de wachtlijst voor deze dag.',
    timeNotFull: 'Op dit tijdstip is nog plek. U kunt het direct boeken.',
    dayNotFull: 'Op deze dag zijn nog tijden vrij. Kies een tijdstip om direct te boeken.',
    notOffered: 'Dit tijdstip wordt op deze dag niet aangeboden.',
    pastDay: 'Deze dag is al voorbij of te dichtbij om nog te wachten.',
    notAvailable: 'Deze plek is niet meer beschikbaar.',
    nameRequired: 'Vul uw naam in.',
    emailRequired: 'Vul een geldig e-mailadres in.',
    timeRequired: 'Kies een tijdstip.',
    payOnBookingPage: 'Deze dienst wordt vooraf betaald. Boek de vrije tijd op de boekingspagina.',
  },
} as const;

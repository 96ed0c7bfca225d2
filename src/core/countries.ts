/**
 * Country choices for the phone field, ordered for a Dutch business: NL first, then neighbours,
 * the rest of Europe, (former) Kingdom countries and common origin countries, then the wider world.
 * Calling codes are at most 3 digits (spec). Where two countries share a code (US/CA, CW/BQ)
 * the first one listed wins when a stored number is split back into country + digits.
 */

export type Country = { code: string; name: string; callingCode: string };

export const DEFAULT_COUNTRY = 'NL';

export const COUNTRIES: readonly Country[] = [
  { code: 'NL', name: 'Nederland', callingCode: '31' },
  { code: 'BE', name: 'België', callingCode: '32' },
  { code: 'DE', name: 'Duitsland', callingCode: '49' },
  { code: 'FR', name: 'Frankrijk', callingCode: '33' },
  { code: 'GB', name: 'Verenigd Koninkrijk', callingCode: '44' },
  { code: 'LU', name: 'Luxemburg', callingCode: '352' },
  { code: 'ES', name: 'Spanje', callingCode: '34' },
  { code: 'IT', name: 'Italië', callingCode: '39' },
  { code: 'PT', name: 'Portugal', callingCode: '351' },
  { code: 'AT', name: 'Oostenrijk', callingCode: '43' },
  { code: 'CH', name: 'Zwitserland', callingCode: '41' },
  { code: 'DK', name: 'Denemarken', callingCode: '45' },
  { code: 'SE', name: 'Zweden', callingCode: '46' },
  { code: 'NO', name: 'Noorwegen', callingCode: '47' },
  { code: 'FI', name: 'Finland', callingCode: '358' },
  { code: 'IS', name: 'IJsland', callingCode: '354' },
  { code: 'IE', name: 'Ierland', callingCode: '353' },
  { code: 'PL', name: 'Polen', callingCode: '48' },
  { code: 'CZ', name: 'Tsjechië', callingCode: '420' },
  { code: 'SK', name: 'Slowakije', callingCode: '421' },
  { code: 'HU', name: 'Hongarije', callingCode: '36' },
  { code: 'RO', name: 'Roemenië', callingCode: '40' },
  { code: 'BG', name: 'Bulgarije', callingCode: '359' },
  { code: 'GR', name: 'Griekenland', callingCode: '30' },
  { code: 'HR', name: 'Kroatië', callingCode: '385' },
  { code: 'SI', name: 'Slovenië', callingCode: '386' },
  { code: 'EE', name: 'Estland', callingCode: '372' },
  { code: 'LV', name: 'Letland', callingCode: '371' },
  { code: 'LT', name: 'Litouwen', callingCode: '370' },
  { code: 'MT', name: 'Malta', callingCode: '356' },
  { code: 'CY', name: 'Cyprus', callingCode: '357' },
  { code: 'UA', name: 'Oekraïne', callingCode: '380' },
  { code: 'TR', name: 'Turkije', callingCode: '90' },
  { code: 'MA', name: 'Marokko', callingCode: '212' },
  { code: 'DZ', name: 'Algerije', callingCode: '213' },
  { code: 'TN', name: 'Tunesië', callingCode: '216' },
  { code: 'EG', name: 'Egypte', callingCode: '20' },
  { code: 'SR', name: 'Suriname', callingCode: '597' },
  { code: 'CW', name: 'Curaçao', callingCode: '599' },
  { code: 'BQ', name: 'Caribisch Nederland', callingCode: '599' },
  { code: 'AW', name: 'Aruba', callingCode: '297' },
  { code: 'ID', name: 'Indonesië', callingCode: '62' },
  { code: 'US', name: 'Verenigde Staten', callingCode: '1' },
  { code: 'CA', name: 'Canada', callingCode: '1' },
  { code: 'BR', name: 'Brazilië', callingCode: '55' },
  { code: 'MX', name: 'Mexico', callingCode: '52' },
  { code: 'GH', name: 'Ghana', callingCode: '233' },
  { code: 'NG', name: 'Nigeria', callingCode: '234' },
  { code: 'ZA', name: 'Zuid-Afrika', callingCode: '27' },
  { code: 'AE', name: 'Verenigde Arabische Emiraten', callingCode: '971' },
  { code: 'IL', name: 'Israël', callingCode: '972' },
  { code: 'IN', name: 'India', callingCode: '91' },
  { code: 'CN', name: 'China', callingCode: '86' },
  { code: 'JP', name: 'Japan', callingCode: '81' },
  { code: 'AU', name: 'Australië', callingCode: '61' },
  { code: 'NZ', name: 'Nieuw-Zeeland', callingCode: '64' },
];

export function findCountry(code: string): Country | undefined {
  return COUNTRIES.find((c) => c.code === code.toUpperCase());
}

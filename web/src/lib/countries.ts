/**
 * Ship-to countries (spec section 3: about 250 codes; GB is displayed as UK) with names in the
 * interface language from `Intl.DisplayNames`.
 */
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW';

export const COUNTRY_CODES: readonly string[] = CODES.split(' ');

/** Default ship-to country (spec section 9). */
export const DEFAULT_SHIP_TO = 'US';

/** The code as shown to the user: GB is shown as UK. */
export function displayCode(code: string): string {
  const upper = code.toUpperCase();
  return upper === 'GB' ? 'UK' : upper;
}

const namers = new Map<string, Intl.DisplayNames | null>();

function namer(locale: string): Intl.DisplayNames | null {
  if (!namers.has(locale)) {
    try {
      namers.set(locale, new Intl.DisplayNames([locale, 'en'], { type: 'region' }));
    } catch {
      namers.set(locale, null);
    }
  }
  return namers.get(locale) ?? null;
}

/** The country's name in `locale`, else its displayed code. */
export function countryName(code: string, locale: string): string {
  const upper = code.toUpperCase();
  try {
    return namer(locale)?.of(upper) ?? displayCode(upper);
  } catch {
    return displayCode(upper);
  }
}

/** Countries whose name or code contains `search` (case-insensitive), sorted by name. */
export function searchCountries(
  search: string,
  locale: string,
  codes: readonly string[] = COUNTRY_CODES,
): { code: string; name: string }[] {
  const needle = search.trim().toLowerCase();
  return codes
    .map((code) => ({ code, name: countryName(code, locale) }))
    .filter(
      ({ code, name }) =>
        !needle || name.toLowerCase().includes(needle) || code.toLowerCase() === needle || displayCode(code).toLowerCase() === needle,
    )
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

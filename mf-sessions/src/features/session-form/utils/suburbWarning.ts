/**
 * Words that name a kind of place rather than a suburb. The South Australian log book asks for the suburb driven from
 * and to, "not 'home', not 'shops'": a log book with 'home → school' in it cannot be checked against a map.
 */
const PLACES = [
  'home',
  'my home',
  'house',
  'my house',
  'our house',
  'school',
  'shops',
  'shop',
  'the shops',
  'work',
  'my work',
  'office',
  'uni',
  'university',
  'tafe',
  'college',
  'church',
  'gym',
  'park',
  'beach',
  'supermarket',
  'shopping centre',
  'mall',
  'station',
  'friends',
  "friend's",
  "friend's place",
  'grandma',
  "grandma's",
  "nan's",
  'mums',
  "mum's",
  'dads',
  "dad's",
  'practice',
  'training',
  'sport',
  'footy',
  'here',
  'there',
];
const PLACE_SET = new Set(PLACES);

/**
 * A warning (never a refusal) when the text is a place rather than a suburb; undefined when it looks like a suburb
 * or is empty. Only the whole entry is judged: 'Parkside', 'Beachport' and 'Home Hill' are real suburbs.
 */
export function placeNotSuburbWarning(text: string): string | undefined {
  const normalised = text
    .trim()
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/^(the|to|from|at)\s+/, '')
    .replace(/\s+/g, ' ');
  if (!normalised || !PLACE_SET.has(normalised)) return undefined;
  return "Record the suburb, not 'home', not 'shops': for example Norwood or Mawson Lakes.";
}

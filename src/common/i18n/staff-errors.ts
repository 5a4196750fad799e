import type { ErrorBody } from '../filters/all-exceptions.filter';

/**
 * The staff API answers in Swedish: its own refusals are written so, but a few come from the
 * libraries under it in English (class-validator's unknown field, Nest's unknown route, the body
 * parsers). These say the same in Swedish; anything else is left as it is.
 */
const LIBRARY_WORDS: [RegExp, (...parts: string[]) => string][] = [
  [/^property (\S+) should not exist$/, (field) => `fältet ${field} finns inte i det här anropet`],
  [/^nested property (\S+) must be either object or array$/, (field) => `${field} måste vara ett objekt eller en lista`],
  [/^an unknown value was passed to the validate function$/, () => 'ett okänt värde skickades'],
  [/^Cannot (\w+) (\S+)$/, (method, path) => `Det finns inget ${method} ${path}.`],
  [/^(\w+) is not allowed on (\S+): it takes (.+)\.$/, (method, path, allowed) => `${method} går inte på ${path}: där finns ${allowed}.`],
  [/^The request body is not valid JSON\.$/, () => 'Anropets innehåll är inte giltig JSON.'],
  [/^The request body is too large\.$/, () => 'Anropets innehåll är för stort.'],
];

function inSwedish(message: string): string {
  for (const [pattern, words] of LIBRARY_WORDS) {
    const match = pattern.exec(message);
    if (match) return words(...match.slice(1));
  }
  return message;
}

/** An error body of the staff API with the libraries' English said in Swedish, in its message and each field's. */
export function inStaffWords(body: ErrorBody): ErrorBody {
  const fields = body.fields && Object.fromEntries(Object.entries(body.fields).map(([field, messages]) => [field, messages.map(inSwedish)]));
  const message = fields ? Object.values(fields).flat().join('; ') || inSwedish(body.message) : body.message.split('; ').map(inSwedish).join('; ');
  return { ...body, message, ...(fields ? { fields } : {}) };
}

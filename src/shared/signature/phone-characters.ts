/**
 * The characters a phone number has (docs/decisions/0163-limits-count-what-was-typed.md): digits,
 * spaces, + ( ) - . / and "ext" before an extension. The editor says so under the field as it is
 * typed and the server refuses the same with the same words, so the two never disagree.
 */

// Spaces include the no-break spaces a number copied from a web page or a contact card often holds.
const ALLOWED = /[0-9 +()\-./\u00a0\u202f]/;
const EXTENSION_WORD = /ext/gi;

/** The characters of a value a phone number cannot hold, each once, in the order typed. */
export function phoneStrangers(value: string): string[] {
  const seen = new Set<string>();
  for (const character of value.replace(EXTENSION_WORD, '')) {
    if (!ALLOWED.test(character)) seen.add(character);
  }
  return [...seen];
}

const quoted = (character: string) => (character.trim() === '' ? 'a tab or line break' : `"${character}"`);

function listOf(characters: string[]): string {
  const shown = characters.slice(0, 5).map(quoted);
  if (characters.length > 5) return `${shown.join(', ')} and others`;
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}

/** Why a value cannot be a phone number, in words naming the field and what to remove, or null. */
export function phoneProblem(value: string, label: string): string | null {
  const strangers = phoneStrangers(value);
  if (strangers.length === 0) return null;
  return `${label} takes digits, spaces, + ( ) - . / and ext (for an extension), not ${listOf(strangers)}.`;
}

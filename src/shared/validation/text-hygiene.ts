/**
 * Text a person types, cleaned the same way in the browser, on the server and in the renderer
 *. No zod here: the contact page's small zod/mini chunk uses it too.
 *
 * - Invisible characters that change how text reads or hide what it says are removed: the bidi
 *   controls (U+202A–202E, U+2066–2069, U+200E, U+200F, U+061C) can reverse "moc.elgoog" into
 *   "google.com"; zero-width spaces and joiners that join nothing (U+200B, U+2060, U+FEFF) split
 *   words a reader cannot see split; the line and paragraph separators (U+2028, U+2029) break
 *   lines in some clients and scripts but not in others.
 * - The zero-width joiner and non-joiner (U+200D, U+200C) stay: they are part of how text is
 *   written, not a trick. 👩‍💻 is 👩 U+200D 💻, and Persian, Hindi and other scripts need the
 *   non-joiner to spell words correctly. In web addresses they are removed (url-normalise.ts).
 * - A NUL (U+0000) and a lone surrogate (half of a character outside the basic plane, which no
 *   encoding can store) are refused with words: the database cannot keep the first, and the
 *   second would silently become U+FFFD.
 */

// One class for the test and the global replace; kept as a string so both regexes share it.
const INVISIBLE_CLASS = '[\\u061c\\u200b\\u200e\\u200f\\u202a-\\u202e\\u2028\\u2029\\u2060\\u2066-\\u2069\\ufeff]';
const INVISIBLE = new RegExp(INVISIBLE_CLASS);
const INVISIBLE_ALL = new RegExp(INVISIBLE_CLASS, 'g');
const NUL = /\u0000/;
// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The text without bidi controls, zero-width spaces and U+2028/U+2029 (joiners kept). */
export function stripInvisible(value: string): string {
  // Most values hold none: the test is cheaper than a replace that allocates.
  return INVISIBLE.test(value) ? value.replace(INVISIBLE_ALL, '') : value;
}

export function hasNul(value: string): boolean {
  return NUL.test(value);
}

export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/** What is wrong with a value that cannot be stored, in words, or null when it can be. */
export function unstorableReason(value: string): string | null {
  if (hasNul(value))
    return 'contains a null character (U+0000), which cannot be stored. Please remove it and try again.';
  if (hasLoneSurrogate(value)) {
    return 'contains a broken character (half of an emoji or symbol), which cannot be stored. Please retype it and try again.';
  }
  return null;
}

/**
 * Lengths as the person counts them (docs/decisions/0163-limits-count-what-was-typed.md): one per
 * character they see, so é, 👍 and 👩‍💻 are one each whatever their UTF-16 or escaped size.
 * Gmail's own limit is held by the total guard on the whole signature, not by field limits.
 */

type Segments = { segment(value: string): Iterable<unknown> };
let graphemes: Segments | null | undefined;

function segmenter(): Segments | null {
  if (graphemes === undefined) {
    // Intl.Segmenter is in every browser the editor supports and in Node; code points are the fallback.
    const Segmenter = (Intl as { Segmenter?: new (locale?: string, options?: object) => Segments }).Segmenter;
    graphemes = Segmenter ? new Segmenter(undefined, { granularity: 'grapheme' }) : null;
  }
  return graphemes;
}

/** How many characters the person typed: grapheme clusters (what a cursor steps over). */
export function typedLength(value: string): number {
  // No value is longer as seen than in UTF-16 units, and ASCII is one each: skip segmenting then.
  if (/^[\u0000-\u007f]*$/.test(value)) return value.length;
  const segments = segmenter();
  if (!segments) return [...value].length;
  let count = 0;
  for (const _ of segments.segment(value)) count += 1;
  return count;
}

/**
 * How many UTF-16 units a field may take per character of its limit. A typed character can be made
 * of many (an emoji family is 11), so this only stops text stacked with marks from filling storage.
 */
export const STORED_UNITS_PER_CHARACTER = 16;

/** Why a value is too long, in words, or null: the typed length first, then the storage bound. */
export function lengthProblem(value: string, max: number, label: string): string | null {
  if (value.length <= max) return null;
  const storable = max * STORED_UNITS_PER_CHARACTER;
  if (typedLength(value.length > storable ? value.slice(0, storable) : value) > max)
    return `${label} must be ${max} characters or fewer`;
  if (value.length > storable) return `${label} holds too many accents or joined symbols to store. Please simplify it.`;
  return null;
}

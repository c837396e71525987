import { z } from 'zod';
import { escapeHtml } from '../signature/escape-html';
import { hasLoneSurrogate, hasNul, stripInvisible } from './text-hygiene';

/**
 * The shared zod helper for a person's text: invisible controls stripped, NUL
 * and lone surrogates refused with words naming the field. The browser's forms and the server
 * parse with it, so both say the same thing.
 */
export function cleanText(label: string) {
  return z
    .string()
    .overwrite(stripInvisible)
    .refine(
      (value) => !hasNul(value),
      `${label} contains a null character (U+0000), which cannot be stored. Please remove it.`,
    )
    .refine(
      (value) => !hasLoneSurrogate(value),
      `${label} contains a broken character (half of an emoji or symbol), which cannot be stored. Please retype it.`,
    );
}

/** How many characters a value takes once written into HTML (`&` is `&amp;`, five characters). */
export function escapedLength(value: string): number {
  return escapeHtml(value).length;
}

/**
 * Clean text whose limit holds on the escaped output: Gmail counts the HTML it
 * receives, where each `&` is five characters, so a URL full of `&` within the raw limit could
 * still overrun it.
 */
export function limitedText(max: number, label: string) {
  return cleanText(label)
    .max(max, `${label} must be ${max} characters or fewer`)
    .refine(
      (value) => value.length > max || escapedLength(value) <= max,
      `${label} must be ${max} characters or fewer once written into the signature, where each & counts as 5 characters and each < > " ' as 4 to 6. Please shorten it.`,
    );
}

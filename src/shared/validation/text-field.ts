import { z } from 'zod';
import { hasLoneSurrogate, hasNul, stripInvisible } from './text-hygiene';
import { lengthProblem } from './typed-length';

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

/**
 * Clean text whose limit counts what the person typed (typed-length.ts): the field's counter, its
 * message and the server agree, and Gmail's limit is the total guard's (decision 0163).
 */
export function limitedText(max: number, label: string) {
  return cleanText(label).superRefine((value, ctx) => {
    const problem = lengthProblem(value, max, label);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

import { z } from 'zod';

/** A string that must be sent and not be blank once trimmed: one message for missing, not text, and blank. */
export function requiredString(message: string) {
  return z.string(message).trim().min(1, message);
}

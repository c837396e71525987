import type { SavedSignature } from '../../../shared/signature/signature-schema';
import { AppError } from '../../errors';

// Someone else's signature answers exactly like a missing one, so ids reveal nothing.
export const signatureNotFound = () =>
  new AppError(
    'NOT_FOUND',
    'We could not find that signature. It may have been deleted, or it belongs to another account.',
  );

export const sendAsTaken = (address: string | null | undefined) =>
  new AppError(
    'CONFLICT',
    `Another of your signatures is already used for ${address ?? 'that address'}. Each send-as address has one signature: clear "Used for" on that one first, or choose another address.`,
    { sendAsEmail: 'Already used by another of your signatures' },
  );

export const lastSignature = () =>
  new AppError(
    'CONFLICT',
    'This is your only signature, so it cannot be deleted. Create another one first, or edit this one instead.',
  );

/** A stale full save: nothing was written; `current` is the signature as it is stored now. */
export class SignatureConflictError extends AppError {
  constructor(readonly current: SavedSignature) {
    super('CONFLICT', 'This signature was changed in another tab or on another device since you opened it.');
  }
}

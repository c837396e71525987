import { AppError } from '../errors';

export type StorageAction = 'put' | 'get' | 'delete' | 'check';

const WORDS: Record<StorageAction, string> = {
  put: 'We could not save your image just now: our image storage is not answering. Please try again in a few minutes.',
  get: 'We could not load that image just now: our image storage is not answering. Please try again in a few minutes.',
  delete:
    'We could not remove that image just now: our image storage is not answering. Please try again in a few minutes.',
  check: 'Image storage is not answering.',
};

/**
 * The object store failed (unreachable, refused our credentials, no such bucket, …). The person
 * sees words and a Retry-After (503, like the other outside services); the operator's log gets
 * `reason`, which names the cause.
 */
export class StorageUnavailableError extends AppError {
  constructor(
    readonly action: StorageAction,
    readonly reason: string,
  ) {
    super('UNAVAILABLE', WORDS[action], undefined, { 'retry-after': '60' });
  }
}

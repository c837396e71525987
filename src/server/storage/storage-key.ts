// Keys are made by the app, never taken from a request as they are; the pattern still keeps any
// key inside the storage root ('..', absolute paths and backslashes cannot match).
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9]+)?(?:\/[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9]+)?)*$/i;

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

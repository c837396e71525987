import type { StandInPerson } from '../../src/server/google/google-stand-in-wire';

/** A directory of `count` people in `domain` for the Google stand-in: the first, ada@, is its admin. */
export const directoryPeople = (domain: string, count: number): StandInPerson[] =>
  Array.from({ length: count }, (_, i) => ({
    primaryEmail: i === 0 ? `ada@${domain}` : `p${String(i).padStart(4, '0')}@${domain}`,
    fullName: `Person ${i}`,
    givenName: 'Person',
    familyName: String(i),
    title: 'Engineer',
    isAdmin: i === 0,
  }));

/** Polls `check` every 100 ms until it holds; a bench that waits longer than `timeoutMs` fails with `what`. */
export async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

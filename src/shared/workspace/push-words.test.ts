import { describe, expect, it } from 'vitest';
import { confirmPushWords, pushSummaryLine, pushTargetWords, selectPeople } from './push-words';

const person = (
  email: string,
  orgUnitPath: string,
  department: string | null = null,
  goneAt: string | null = null,
) => ({
  email,
  orgUnitPath,
  department,
  goneAt,
});
const PEOPLE = [
  person('a@x.test', '/'),
  person('b@x.test', '/Sales', 'Sales'),
  person('c@x.test', '/Sales/East', 'Sales'),
  person('d@x.test', '/Salesforce'),
  person('e@x.test', '/Sales', 'Sales', '2026-01-01T00:00:00.000Z'),
];

describe('push words', () => {
  it('chooses the people of a unit and its sub-units, never a unit that only starts alike, never the gone', () => {
    expect(selectPeople(PEOPLE, { kind: 'orgUnit', value: '/Sales' }).map((p) => p.email)).toEqual([
      'b@x.test',
      'c@x.test',
    ]);
    expect(selectPeople(PEOPLE, { kind: 'all' })).toHaveLength(4);
    expect(selectPeople(PEOPLE, { kind: 'department', value: 'Sales' })).toHaveLength(2);
    expect(selectPeople(PEOPLE, { kind: 'selection', emails: ['A@x.test', 'e@x.test'] })).toHaveLength(1);
  });

  it('says the count and the target as the push screen names it', () => {
    expect(confirmPushWords(214, { kind: 'orgUnit', value: '/Sales' })).toBe(
      'You are about to change 214 signatures in /Sales',
    );
    expect(confirmPushWords(1, { kind: 'all' })).toBe('You are about to change 1 signature in Everyone');
    expect(confirmPushWords(1200, { kind: 'department', value: 'Sales' })).toBe(
      'You are about to change 1,200 signatures in Sales',
    );
    expect(confirmPushWords(2, { kind: 'selection', emails: ['a@x.test', 'b@x.test'] })).toBe(
      'You are about to change 2 signatures for the 2 people ticked',
    );
    expect(pushTargetWords({ kind: 'all' })).toBe('Everyone');
  });

  it('sums a push as "210 pushed, 3 skipped, 1 failed": unchanged counts as pushed, and what is still to go is named', () => {
    const counts = {
      kind: 'push' as const,
      pushed: 200,
      unchanged: 10,
      restored: 0,
      skipped: 3,
      failed: 1,
      pending: 0,
    };
    expect(pushSummaryLine(counts)).toBe('210 pushed, 3 skipped, 1 failed');
    expect(pushSummaryLine({ ...counts, pending: 4 })).toBe('210 pushed, 3 skipped, 1 failed (4 still to go)');
    expect(pushSummaryLine({ ...counts, kind: 'restore', restored: 7 })).toBe('7 restored, 3 skipped, 1 failed');
  });
});

/**
 * Who a push covers and what it did, in the words the admin reads: the same function counts the
 * people in the confirm box (browser) and chooses them for the push (server), so the number the
 * admin agrees to is the number of people the push covers.
 */

export type PushTargetChoice =
  | { kind: 'all' }
  | { kind: 'department'; value: string }
  | { kind: 'orgUnit'; value: string }
  | { kind: 'selection'; emails: string[] };

type Choosable = {
  email: string;
  department: string | null;
  orgUnitPath: string;
  goneAt: unknown;
};

/** The chosen people still in the directory (a person marked gone is never pushed). */
export function selectPeople<P extends Choosable>(everyone: P[], target: PushTargetChoice): P[] {
  const people = everyone.filter((p) => !p.goneAt);
  switch (target.kind) {
    case 'all':
      return people;
    case 'department':
      return people.filter((p) => (p.department ?? '') === target.value);
    case 'orgUnit':
      return people.filter(
        (p) => p.orgUnitPath === target.value || p.orgUnitPath.startsWith(`${target.value.replace(/\/$/, '')}/`),
      );
    case 'selection': {
      const wanted = new Set(target.emails.map((e) => e.toLowerCase()));
      return people.filter((p) => wanted.has(p.email));
    }
  }
}

/** The push screen's own word for the choice: "Everyone", the unit's path, the department's name. */
export function pushTargetWords(target: PushTargetChoice): string {
  switch (target.kind) {
    case 'all':
      return 'Everyone';
    case 'department':
    case 'orgUnit':
      return target.value;
    case 'selection':
      return target.emails.length === 1 ? '1 person ticked' : `${target.emails.length} people ticked`;
  }
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "You are about to change 214 signatures in /Sales". */
export function confirmPushWords(count: number, target: PushTargetChoice): string {
  const where = target.kind === 'selection' ? `for the ${pushTargetWords(target)}` : `in ${pushTargetWords(target)}`;
  return `You are about to change ${plural(count, 'signature', 'signatures')} ${where}`;
}

export type PushCounts = {
  kind: 'push' | 'restore';
  pushed: number;
  unchanged: number;
  restored: number;
  skipped: number;
  failed: number;
  pending: number;
};

/**
 * "210 pushed, 3 skipped, 1 failed". A person whose Gmail already held the new signature counts as
 * pushed (it is there); "no seat" counts as skipped (decision 0138). While jobs still run, the
 * waiting people are named after it. A restore reads "3 restored, 0 skipped, 1 failed".
 */
export function pushSummaryLine(c: PushCounts): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const done = c.kind === 'restore' ? `${n(c.restored)} restored` : `${n(c.pushed + c.unchanged)} pushed`;
  const line = `${done}, ${n(c.skipped)} skipped, ${n(c.failed)} failed`;
  return c.pending ? `${line} (${n(c.pending)} still to go)` : line;
}

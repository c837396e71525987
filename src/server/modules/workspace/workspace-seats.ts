import type { PersonRow } from './workspace.repository';

/** The status of a person a push leaves out because the organization's seats are all taken. */
export const NO_SEAT = 'no seat';

/**
 * Who holds the organization's seats (docs/decisions/0137): the people still in the directory who
 * have Gmail, by address (byte order, as the database's `collate "C"` compares), the first `limit`.
 * A person without Gmail or gone from the directory is never pushed and takes no seat.
 */
export function seatOrder(people: PersonRow[]): string[] {
  return people
    .filter((p) => !p.goneAt && p.hasGmail)
    .map((p) => p.email)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function noSeatWords(limit: number): string {
  return `No seat: all ${limit} seats of the organization are taken. An owner or admin can add seats in Plan & Billing.`;
}

/**
 * A push's people split by seat: those it may push (everyone without Gmail too: they are skipped
 * as before), those beyond the seats, and how many seats to add so every chosen person has one.
 */
export function splitBySeats(everyone: PersonRow[], chosen: PersonRow[], limit: number) {
  const rank = new Map(seatOrder(everyone).map((email, i) => [email, i]));
  const within = chosen.filter((p) => (rank.get(p.email) ?? -1) < limit);
  const beyond = chosen.filter((p) => (rank.get(p.email) ?? -1) >= limit);
  const furthest = Math.max(-1, ...beyond.map((p) => rank.get(p.email)!));
  return { within, beyond, seatsToAdd: beyond.length ? furthest + 1 - limit : 0 };
}

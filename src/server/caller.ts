/**
 * Who is asking, in plain values: services see no Fastify types, so tests can call them directly. The one
 * `Caller` of the server (decision 0107); a team member's role and organization is `CallerMembership`
 * (modules/teams/team-access.ts).
 */
export type Caller = {
  /** The request headers, as Better Auth reads them (the session cookie among them). */
  headers: Headers;
  ip: string;
  /** The signed-in user, or null. */
  userId: string | null;
};

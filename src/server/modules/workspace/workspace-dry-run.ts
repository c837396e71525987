import { AppError } from '../../errors';
import { isGoogleWorkspaceError } from '../../google/errors';
import type { SendAs } from '../../google/google-resources';
import type { DryRunEntry } from '../../../shared/api/workspace';
import { overGmailLimit } from '../../../shared/signature/gmail-size';
import type { WorkspaceContext } from './workspace-context';
import type { ConnectionRow, PersonRow } from './workspace.repository';
import { sendAsTargets } from './workspace-signature';

/** Reads of Gmail in flight for one dry run: the bound public tools keep (design/google-workspace.md). */
const READS_IN_FLIGHT = 8;
/**
 * People whose Gmail one dry run reads: an admin waits for the answer (200 took 5 s against the
 * stand-in at 50 ms a call); the rest of a larger choice still shows what would be written.
 */
export const DRY_RUN_READS = 200;

type Current = { listed: SendAs[] } | { note: string };

/**
 * The dry run: what each chosen person would get, beside what their Gmail holds now (one sendAs
 * list per person, 1 quota unit; nothing is written). A person whose Gmail cannot be read still
 * gets their entry, with the reason in place of the current signature.
 */
export function createDryRun(ctx: WorkspaceContext) {
  const { deps } = ctx;

  async function readCurrent(conn: ConnectionRow, people: PersonRow[]): Promise<Map<string, Current>> {
    const found = new Map<string, Current>();
    const withGmail = people.filter((p) => p.hasGmail).slice(0, DRY_RUN_READS);
    for (const p of people) if (!p.hasGmail) found.set(p.email, { note: 'No Gmail: nothing to read.' });
    const unread = `Not read: a dry run reads Gmail for the first ${DRY_RUN_READS} people; choose fewer to see theirs.`;
    for (const p of people.filter((p) => p.hasGmail).slice(DRY_RUN_READS)) found.set(p.email, { note: unread });
    let client: ReturnType<WorkspaceContext['clientOf']>;
    try {
      client = ctx.clientOf(conn, 'interactive');
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      for (const p of withGmail) found.set(p.email, { note: `Could not read Gmail: ${err.message}` });
      return found;
    }
    let next = 0;
    const worker = async () => {
      while (next < withGmail.length) {
        const person = withGmail[next++]!;
        try {
          found.set(person.email, { listed: await client.listSendAs(person.email) });
        } catch (err) {
          if (!isGoogleWorkspaceError(err) && !(err instanceof AppError)) throw err;
          found.set(person.email, { note: `Could not read Gmail: ${err.message}` });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, withGmail.length) }, worker));
    return found;
  }

  return async function dryRun(conn: ConnectionRow, chosen: PersonRow[]): Promise<DryRunEntry[]> {
    const tplOf = await ctx.templatesOf(conn.organizationId);
    // A stopped connection reads nothing either (decision 0133): the entries say why.
    const current: Map<string, Current> = conn.stoppedAt
      ? new Map(
          chosen.map((p) => [
            p.email,
            { note: 'Not read: the connection is stopped until "Check connection" passes.' },
          ]),
        )
      : await readCurrent(conn, chosen);
    const entries: DryRunEntry[] = [];
    for (const p of chosen) {
      const now = current.get(p.email) ?? { note: 'Not read.' };
      const banner = (await deps.bannerFor?.(p, 'preview')) ?? null;
      for (const target of sendAsTargets(p, tplOf(p), await ctx.ownSignaturesOf(p), deps.config.publicUrl, banner)) {
        let held: { current: string | null; currentNote: string | null };
        if ('note' in now) held = { current: null, currentNote: now.note };
        else {
          const sendAs = target.primary
            ? now.listed.find((s) => s.isPrimary)
            : now.listed.find((s) => s.sendAsEmail.toLowerCase() === target.sendAsEmail);
          held = sendAs
            ? { current: sendAs.signature, currentNote: null }
            : { current: null, currentNote: 'Gmail does not list this address for them: nothing would be written.' };
        }
        entries.push({
          email: p.email,
          fullName: p.fullName,
          sendAsEmail: target.sendAsEmail,
          label: target.label,
          html: target.html,
          chars: target.storedLength,
          hasGmail: p.hasGmail,
          tooLong: overGmailLimit(target.storedLength),
          ...held,
        });
      }
    }
    return entries;
  };
}

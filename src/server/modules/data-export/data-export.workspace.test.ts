import { expect, it } from 'vitest';
import { workspacePeople, workspacePushLog } from '../../db/schema/workspace.schema';
import { workspacePushItem, workspacePushRun } from '../../db/schema/workspace-push.schema';
import { apiCaller, describeEachDatabase } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { signUpPerson } from '../../../test-support/team-world';

/**
 * "Download my data" carries the person's Google Workspace data: the directory entry linked to their
 * account, its push status per send-as address and the push log about them; never a colleague's,
 * nor an entry of another organization that merely carries the same address, nor the name of the
 * admin who pushed (docs/decisions/0136). On both databases.
 */
describeEachDatabase('download my data: Google Workspace', (kind) => {
  const t = useTestApp(kind);
  const call = apiCaller(() => t.app);

  it("holds the person's directory entry, send-as addresses and push log, and nobody else's", async () => {
    const dana = await signUpPerson(t, 'Dana Export');
    const admin = await signUpPerson(t, 'Olive Admin');
    const elsewhere = await signUpPerson(t, 'Other Org Owner');
    const db = t.database.db;
    const alias = `sales-${dana.user.id}@acme.test`;
    const colleague = `colleague-${dana.user.id}@acme.test`;
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute));
    await db.insert(workspacePeople).values([
      {
        organizationId: dana.organizationId,
        email: dana.email.toLowerCase(),
        fullName: 'Dana Export',
        title: 'Archivist',
        orgUnitPath: '/Records',
        linkedUserId: dana.user.id,
        overrides: { mobile: '+1 555 0111' },
        pushStatus: 'failed',
        pushError: 'Alias refused',
        sendAsState: {
          [dana.email.toLowerCase()]: {
            status: 'pushed',
            label: null,
            pushedAt: at(1).toISOString(),
            error: null,
            sentHash: 'a',
            storedHash: 'b',
          },
          [alias]: {
            status: 'failed',
            label: 'Sales',
            pushedAt: null,
            error: 'Alias refused',
            sentHash: null,
            storedHash: null,
          },
        },
      },
      {
        organizationId: dana.organizationId,
        email: colleague,
        fullName: 'Colin Colleague',
        linkedUserId: admin.user.id,
      },
      // Another organization's directory with Dana's address, not linked to her account: not hers.
      { organizationId: elsewhere.organizationId, email: dana.email.toLowerCase(), fullName: 'Dana Elsewhere' },
      {
        organizationId: elsewhere.organizationId,
        email: elsewhere.email.toLowerCase(),
        fullName: 'Other Org Owner',
        linkedUserId: elsewhere.user.id,
      },
    ]);
    const log = (
      organizationId: string,
      personEmail: string,
      actor: string,
      actorUserId: string | null,
      minute: number,
    ) => ({
      organizationId,
      personEmail,
      actor,
      actorUserId,
      result: 'pushed',
      detail: `minute ${minute}`,
      createdAt: at(minute),
    });
    await db.insert(workspacePushLog).values([
      log(dana.organizationId, dana.email.toLowerCase(), 'Olive Admin (olive@acme.test)', admin.user.id, 1),
      log(dana.organizationId, dana.email.toLowerCase(), 'Schedule', null, 2),
      {
        ...log(dana.organizationId, dana.email.toLowerCase(), 'Dana Export (dana)', dana.user.id, 3),
        sendAsEmail: alias,
      },
      log(dana.organizationId, colleague, 'Schedule', null, 4),
      log(elsewhere.organizationId, dana.email.toLowerCase(), 'Schedule', null, 5),
    ]);

    // What Gmail held before a kept push (decision 0138): hers, her colleague's, another organization's.
    const run = async (organizationId: string, items: [string, string][]) => {
      const [row] = await db
        .insert(workspacePushRun)
        .values({ organizationId, kind: 'push', target: 'Everyone', actor: 'Schedule', createdAt: at(6) })
        .returning();
      await db.insert(workspacePushItem).values(
        items.map(([personEmail, html]) => ({
          runId: row!.id,
          organizationId,
          personEmail,
          result: 'pushed',
          previous: { [personEmail]: html },
          createdAt: at(6),
        })),
      );
    };
    await run(dana.organizationId, [
      [dana.email.toLowerCase(), '<p>Dana before</p>'],
      [colleague, '<p>Colin before</p>'],
    ]);
    await run(elsewhere.organizationId, [[dana.email.toLowerCase(), '<p>Elsewhere before</p>']]);

    const res = await call('GET', '/api/account/export', dana.cookie);
    expect(res.statusCode).toBe(200);
    const ws = res.json().googleWorkspace;
    expect(ws.directoryEntries).toHaveLength(1);
    expect(ws.directoryEntries[0]).toMatchObject({
      email: dana.email.toLowerCase(),
      fullName: 'Dana Export',
      title: 'Archivist',
      orgUnitPath: '/Records',
      yourValues: { mobile: '+1 555 0111' },
      pushStatus: 'failed',
      pushError: 'Alias refused',
    });
    expect(ws.directoryEntries[0].sendAs).toEqual([
      {
        address: dana.email.toLowerCase(),
        status: 'pushed',
        signature: null,
        pushedAt: at(1).toISOString(),
        error: null,
      },
      { address: alias, status: 'failed', signature: 'Sales', pushedAt: null, error: 'Alias refused' },
    ]);
    expect(ws.pushes).toEqual([
      {
        at: at(1).toISOString(),
        address: dana.email.toLowerCase(),
        result: 'pushed',
        detail: 'minute 1',
        by: 'An administrator',
      },
      {
        at: at(2).toISOString(),
        address: dana.email.toLowerCase(),
        result: 'pushed',
        detail: 'minute 2',
        by: 'Schedule',
      },
      { at: at(3).toISOString(), address: alias, result: 'pushed', detail: 'minute 3', by: 'You' },
    ]);
    expect(ws.previousSignatures).toEqual([
      {
        pushedAt: at(6).toISOString(),
        address: dana.email.toLowerCase(),
        signature: '<p>Dana before</p>',
        restoredAt: null,
      },
    ]);
    for (const stranger of [
      'Olive',
      'olive@',
      'Colin',
      colleague,
      'Dana Elsewhere',
      'minute 4',
      'minute 5',
      'Elsewhere before',
    ])
      expect(res.body).not.toContain(stranger);

    // The other organization's person gets their own entry only, nothing of Dana's.
    const theirs = (await call('GET', '/api/account/export', elsewhere.cookie)).json().googleWorkspace;
    expect(theirs.directoryEntries.map((e: { fullName: string }) => e.fullName)).toEqual(['Other Org Owner']);
    expect(theirs.pushes).toEqual([]);

    // The colleague's account (linked to Colin's entry) gets Colin's entry and push, nothing of Dana's.
    const colin = await call('GET', '/api/account/export', admin.cookie);
    expect(colin.json().googleWorkspace.directoryEntries.map((e: { email: string }) => e.email)).toEqual([colleague]);
    expect(colin.json().googleWorkspace.pushes.map((p: { detail: string }) => p.detail)).toEqual(['minute 4']);
    for (const hers of [dana.email, alias, 'Archivist']) expect(colin.body).not.toContain(hers);
  });
});

import { expect, it } from 'vitest';
import { testModeGroups } from '../../google/test-mode';
import { apiCaller, describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { until } from '../../../test-support/until';
import { TEST_TEMPLATE_DESIGN } from '../../../test-support/workspace-world';
import type { WorkspaceOverview } from '../../../shared/api/workspace';
import type { SignatureRulesOverview } from '../../../shared/api/signature-rules';

/**
 * Google groups in the TEST MODE Workspace (decision 0261), on both databases: its sample people
 * belong to two groups and its key has the group-member scope, so a rule (or a campaign) for a group
 * places the group's members with no real Google.
 */
describeEachDatabase('TEST MODE Workspace: Google groups', (kind) => {
  const t = useTestApp(kind);
  const call = apiCaller(() => t.app);

  it('a rule for a TEST MODE group places its members once the sync has read it', async () => {
    const owner = await signUpUser(t.app, { name: 'Olivia Owner' });
    const overview = async () => (await call('GET', '/api/workspace', owner.cookie)).json() as WorkspaceOverview;
    const connected = await call('POST', '/api/workspace/connection/test-mode', owner.cookie);
    expect(connected.statusCode, connected.body).toBe(200);
    const domain = (await overview()).connection!.adminEmail.split('@')[1]!;
    const at = (local: string) => `${local}@${domain}`;
    const groups = testModeGroups(domain);
    let before = (await overview()).connection?.lastSyncAt ?? '';
    expect((await call('POST', '/api/workspace/sync', owner.cookie)).statusCode).toBe(202);
    await until(overview, (o) => (o.connection?.lastSyncAt ?? '') > before && o.people.length > 0, 'the sync', 120_000);

    const signature = await call('POST', '/api/signature-rules/signatures', owner.cookie, {
      name: 'Sales team',
      template: {
        design: TEST_TEMPLATE_DESIGN,
        company: 'Sales Co',
        website: '',
        address: '',
        photoUrl: '',
        socialLinks: {},
      },
      editableFields: ['mobile'],
    });
    expect(signature.statusCode, signature.body).toBe(201);
    before = (await overview()).connection?.lastSyncAt ?? '';
    const saved = await call('PUT', '/api/signature-rules', owner.cookie, {
      rules: [
        { id: 'sales', name: 'Sales group', kind: 'group', values: [groups.sales], signatureId: signature.json().id },
      ],
      defaultSignatureId: null,
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Saving a rule for a group nobody has read yet queues a sync, which reads it with the group scope.
    const conn = await until(overview, (o) => (o.connection?.lastSyncAt ?? '') > before, 'the sync', 120_000);
    expect(conn.connection!.lastSyncResult).toContain('1 Google group read');
    expect(conn.connection!.lastSyncResult).not.toContain('not read');
    const rules = (await call('GET', '/api/signature-rules', owner.cookie)).json() as SignatureRulesOverview;
    const why = Object.fromEntries(rules.people.map((p) => [p.email, `${p.match.ruleName}: ${p.match.reason}`]));
    expect(why[at('ben.carter')]).toBe(`Sales group: Member of ${groups.sales}`);
    expect(why[at('chloe.dubois')]).toBe('Default: No rule matched: the default signature');
    expect(why[at('ada.admin')]).toBe('Default: No rule matched: the default signature');
  }, 240_000);
});

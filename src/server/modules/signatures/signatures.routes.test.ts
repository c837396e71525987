import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { session, user } from '../../db/schema/auth.schema';
import { analyticsEvent, signature } from '../../db/schema/signatures.schema';
import { apiCaller, describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { createTeamWorld } from '../../../test-support/team-world';
import {
  createEmptySignature,
  type SignatureFields,
  type SignaturePatch,
} from '../../../shared/signature/signature-schema';

/** A complete, valid signature; tests override what they care about. */
function buildSignature(overrides: Partial<SignatureFields> = {}): SignatureFields {
  return createEmptySignature({ name: 'Ada Lovelace', email: 'ada@example.com', title: 'Engineer', ...overrides });
}

describeEachDatabase('signatures API', (kind) => {
  const t = useTestApp(kind);
  let alice: { cookie: string; user: { id: string } };
  let bob: { cookie: string; user: { id: string } };

  beforeAll(async () => {
    alice = await signUpUser(t.app);
    bob = await signUpUser(t.app);
  });

  const call = apiCaller(() => t.app);

  async function createSignature(cookie: string, overrides: Partial<SignatureFields> = {}) {
    const res = await call('POST', '/api/signatures', cookie, buildSignature(overrides));
    expect(res.statusCode).toBe(201);
    return res.json() as SignatureFields & { id: string; version: number };
  }

  it('answers 401 to a signed-out caller', async () => {
    expect((await call('GET', '/api/signatures')).statusCode).toBe(401);
    expect((await call('POST', '/api/signatures', undefined, buildSignature())).statusCode).toBe(401);
    expect((await call('PUT', '/api/signatures/x', undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await call('POST', '/api/signatures/x/generate-html', undefined, {})).statusCode).toBe(401);
  });

  it('a save checks the session inside the UPDATE: an expired or signed-out session gets 401 (even with a bad body) and changes nothing', async () => {
    const owner = await signUpUser(t.app);
    const mine = await createSignature(owner.cookie, { name: 'Kept' });
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(owner.cookie)![1]!).split('.')[0]!;
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    for (const body of [{ name: 'Changed' }, { name: 42 }]) {
      const res = await call('PUT', `/api/signatures/${mine.id}`, owner.cookie, body);
      expect(res.statusCode).toBe(401);
    }
    expect((await call('PUT', '/api/signatures/does-not-exist', owner.cookie, { name: 'X' })).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(signature).where(eq(signature.id, mine.id));
    expect(row).toMatchObject({ name: 'Kept', version: 1 });
    // A live session with a bad body still hears what is wrong with the body.
    const other = await signUpUser(t.app);
    const bad = await call('PUT', `/api/signatures/${mine.id}`, other.cookie, { name: 42 });
    expect(bad.statusCode).toBe(400);
  });

  it('creates, lists oldest first, and updates a signature', async () => {
    const owner = await signUpUser(t.app);
    const first = await createSignature(owner.cookie, { name: 'First' });
    expect(first).toMatchObject({ name: 'First', email: 'ada@example.com', version: 1, htmlSignature: null });
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    await createSignature(owner.cookie, { name: 'Second' });

    const list = await call('GET', '/api/signatures', owner.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: SignatureFields) => s.name)).toEqual(['First', 'Second']);

    const updated = await call('PUT', `/api/signatures/${first.id}`, owner.cookie, { title: 'CTO' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: first.id, name: 'First', title: 'CTO', version: 2 });
    expect(Date.parse(updated.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(updated.json().createdAt));

    const events = await t.database.db.select().from(analyticsEvent).where(eq(analyticsEvent.userId, owner.user.id));
    expect(events.filter((e) => e.name === 'signature_created')).toHaveLength(2);
  });

  it('starts a new user with an empty list', async () => {
    const fresh = await signUpUser(t.app);
    const res = await call('GET', '/api/signatures', fresh.cookie);
    expect(res.json()).toEqual([]);
  });

  it("answers 404 in plain words for another user's signature, and changes nothing", async () => {
    const mine = await createSignature(alice.cookie, { name: 'Alice' });
    for (const res of [
      await call('PUT', `/api/signatures/${mine.id}`, bob.cookie, { name: 'Mallory' }),
      await call('POST', `/api/signatures/${mine.id}/generate-html`, bob.cookie, {}),
      await call('PUT', '/api/signatures/does-not-exist', bob.cookie, { name: 'Mallory' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(
        'We could not find that signature. It may have been deleted, or it belongs to another account.',
      );
    }
    const bobs = await call('GET', '/api/signatures', bob.cookie);
    expect(bobs.json().some((s: { id: string }) => s.id === mine.id)).toBe(false);
    const list = await call('GET', '/api/signatures', alice.cookie);
    expect(list.json().find((s: { id: string }) => s.id === mine.id).name).toBe('Alice');
  });

  it('merges a partial design into the stored design', async () => {
    const sig = await createSignature(alice.cookie);
    const res = await call('PUT', `/api/signatures/${sig.id}`, alice.cookie, { design: { primaryColor: '#34a853' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().design).toEqual({ ...sig.design, primaryColor: '#34a853' });
  });

  it('keeps the secondary colour through partial design updates, and reads rows saved without it as #666666', async () => {
    const sig = await createSignature(alice.cookie);
    expect(sig.design.secondaryColor).toBe('#666666');
    await call('PUT', `/api/signatures/${sig.id}`, alice.cookie, { design: { secondaryColor: '#333333' } });
    const res = await call('PUT', `/api/signatures/${sig.id}`, alice.cookie, { design: { template: 'modern' } });
    expect(res.json().design).toMatchObject({ template: 'modern', secondaryColor: '#333333' });

    const bad = await call('PUT', `/api/signatures/${sig.id}`, alice.cookie, { design: { secondaryColor: 'grey' } });
    expect(bad.json().errors['design.secondaryColor']).toBe('Colour must look like #666666');

    // A row written before the key existed.
    await t.database.db
      .update(signature)
      .set({ design: sql`${signature.design} - 'secondaryColor'` })
      .where(eq(signature.id, sig.id));
    const old = (await call('GET', '/api/signatures', alice.cookie))
      .json()
      .find((s: { id: string }) => s.id === sig.id);
    expect(old.design).toMatchObject({ template: 'modern', secondaryColor: '#666666' });
    expect((await call('POST', `/api/signatures/${sig.id}/generate-html`, alice.cookie, {})).statusCode).toBe(200);
  });

  it('accepts the whole signature as read back from the API (server-owned keys ignored, its version checked)', async () => {
    const sig = await createSignature(alice.cookie);
    const whole = {
      ...sig,
      name: 'Ada King',
      design: { ...sig.design, layout: 'vertical' },
      version: sig.version,
      htmlSignature: '<b>x</b>',
    };
    const res = await call('PUT', `/api/signatures/${sig.id}`, alice.cookie, whole);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Ada King',
      version: 2,
      htmlSignature: null,
      design: { layout: 'vertical' },
    });
  });

  it('a stale full save answers 409 with the stored signature and writes nothing (decision 0006)', async () => {
    const sig = await createSignature(alice.cookie, { socialLinks: { github: 'https://github.com/a' } });
    // Another tab saves first.
    const other = await call('PUT', `/api/signatures/${sig.id}`, alice.cookie, {
      ...sig,
      name: 'Other tab',
      version: 1,
    });
    expect(other.json()).toMatchObject({ name: 'Other tab', version: 2 });
    const stale = await call('PUT', `/api/signatures/${sig.id}`, alice.cookie, {
      ...sig,
      name: 'This tab',
      socialLinks: {},
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'CONFLICT',
      error: 'This signature was changed in another tab or on another device since you opened it.',
      current: { id: sig.id, name: 'Other tab', version: 2, socialLinks: { github: 'https://github.com/a' } },
    });
    const [row] = await t.database.db.select().from(signature).where(eq(signature.id, sig.id));
    expect(row).toMatchObject({ name: 'Other tab', version: 2, socialLinks: { github: 'https://github.com/a' } });
    // Overwrite: saved again with the version it was just told; the whole map replaces the stored one.
    const overwrite = await call('PUT', `/api/signatures/${sig.id}`, alice.cookie, {
      ...sig,
      name: 'This tab',
      socialLinks: { x: undefined, twitter: 'https://x.com/a', linkedin: '' },
      version: 2,
    });
    expect(overwrite.statusCode).toBe(200);
    expect(overwrite.json()).toMatchObject({ name: 'This tab', version: 3 });
    expect(overwrite.json().socialLinks).toEqual({ twitter: 'https://x.com/a' });
    // Someone else's signature stays a 404 with or without a version; a bad version is a 400.
    expect((await call('PUT', `/api/signatures/${sig.id}`, bob.cookie, { name: 'B', version: 1 })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `/api/signatures/${sig.id}`, bob.cookie, { name: 'B', version: 3 })).statusCode).toBe(
      404,
    );
    const bad = await call('PUT', `/api/signatures/${sig.id}`, alice.cookie, { name: 'B', version: 'two' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('The version must be the whole number the signature was read with.');
    // Without a version, a partial patch is written as before.
    expect((await call('PUT', `/api/signatures/${sig.id}`, alice.cookie, { title: 'Patched' })).json()).toMatchObject({
      title: 'Patched',
      version: 4,
    });
  });

  it('concurrent partial patches to different social platforms all survive; empty or null removes one', async () => {
    const sig = await createSignature(alice.cookie, {
      socialLinks: { linkedin: 'https://linkedin.com/in/a', twitter: 'https://x.com/a' },
    });
    const patches = [
      { socialLinks: { github: 'https://github.com/x' } },
      { socialLinks: { youtube: 'https://youtube.com/@x' } },
      { socialLinks: { linkedin: '' } },
      { socialLinks: { twitter: null } },
      { socialLinks: { dribbble: 'https://dribbble.com/x' } },
    ];
    const results = await Promise.all(patches.map((p) => call('PUT', `/api/signatures/${sig.id}`, alice.cookie, p)));
    expect(results.map((r) => r.statusCode)).toEqual(patches.map(() => 200));
    const [row] = await t.database.db.select().from(signature).where(eq(signature.id, sig.id));
    expect(row!.socialLinks).toEqual({
      github: 'https://github.com/x',
      youtube: 'https://youtube.com/@x',
      dribbble: 'https://dribbble.com/x',
    });
    expect(row!.version).toBe(1 + patches.length);
  });

  it('customFieldsPatch changes fields by position: two tabs editing different fields both survive', async () => {
    const a = { label: 'A', value: '1' };
    const b = { label: 'B', value: '2' };
    const c = { label: 'C', value: '3' };
    const sig = await createSignature(alice.cookie, { customFields: [a, b, c] });
    const url = `/api/signatures/${sig.id}`;
    const results = await Promise.all([
      call('PUT', url, alice.cookie, { customFieldsPatch: [{ index: 0, value: { label: 'A', value: 'one' } }] }),
      call('PUT', url, alice.cookie, { customFieldsPatch: [{ index: 2, value: { label: 'C', value: 'three' } }] }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const read = async () =>
      (await t.database.db.select().from(signature).where(eq(signature.id, sig.id)))[0]!.customFields;
    expect(await read()).toEqual([{ label: 'A', value: 'one' }, b, { label: 'C', value: 'three' }]);

    // A removal names the field it removes, so one sent twice (or after another tab's edit) removes nothing more.
    const remove = { customFieldsPatch: [{ index: 1, value: null, was: b }] };
    expect((await call('PUT', url, alice.cookie, remove)).statusCode).toBe(200);
    expect((await call('PUT', url, alice.cookie, remove)).statusCode).toBe(200);
    expect(await read()).toEqual([
      { label: 'A', value: 'one' },
      { label: 'C', value: 'three' },
    ]);

    // Past the end adds at the end; never more than five.
    const add = await call('PUT', url, alice.cookie, {
      customFieldsPatch: [
        { index: 4, value: { label: 'D', value: '4' } },
        { index: 3, value: { label: 'E', value: '5' } },
        { index: 4, value: { label: 'F', value: '6' } },
        { index: 4, value: { label: 'G', value: '7' } },
      ],
    });
    expect(add.statusCode).toBe(200);
    expect(add.json().customFields.map((f: { label: string }) => f.label)).toEqual(['A', 'C', 'D', 'E', 'G']);

    // An unconditional removal, then the whole-list form still replaces everything.
    expect(
      (await call('PUT', url, alice.cookie, { customFieldsPatch: [{ index: 0, value: null }] })).json().customFields,
    ).toHaveLength(4);
    expect((await call('PUT', url, alice.cookie, { customFields: [a] })).json().customFields).toEqual([a]);

    const both = await call('PUT', url, alice.cookie, {
      customFields: [a],
      customFieldsPatch: [{ index: 0, value: b }],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe('Send the whole customFields list or customFieldsPatch, not both');
    const outOfRange = await call('PUT', url, alice.cookie, { customFieldsPatch: [{ index: 5, value: b }] });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().error).toBe('There are at most 5 custom fields');
  });

  it('keeps every one of 20 concurrent partial updates to different fields', async () => {
    const sig = await createSignature(alice.cookie);
    const patches: SignaturePatch[] = [
      { name: 'N' },
      { title: 'T' },
      { company: 'C' },
      { phone: '+1 555 0100' },
      { mobile: '+1 555 0101' },
      { email: 'new@example.com' },
      { website: 'example.com' },
      { address: '1 Main St' },
      { photoUrl: '/objects/7f3c9a2e-4b1d-4e8a-9c6f-2d5e8b1a7c40.png' },
      { imageLinkUrl: 'custom' },
      { customImageUrl: 'https://example.com/link' },
      { socialLinks: { github: 'https://github.com/ada' } },
      { customFields: [{ label: 'Pronouns', value: 'she/her' }] },
      { design: { template: 'minimal' } },
      { design: { primaryColor: '#9c27b0' } },
      { design: { fontFamily: 'Georgia' } },
      { design: { layout: 'text-only' } },
      { design: { animateLogo: 'true' } },
      { design: { photoShape: 'square' } },
      // Sent twice on purpose: every patch must count, even one that repeats a value.
      { design: { photoShape: 'square' } },
    ];
    const results = await Promise.all(patches.map((p) => call('PUT', `/api/signatures/${sig.id}`, alice.cookie, p)));
    expect(results.map((r) => r.statusCode)).toEqual(patches.map(() => 200));

    const saved = (await call('GET', '/api/signatures', alice.cookie))
      .json()
      .find((s: { id: string }) => s.id === sig.id);
    const expected: Record<string, unknown> = { design: {} };
    for (const { design, ...fields } of patches) {
      Object.assign(expected, fields);
      Object.assign(expected.design as object, design);
    }
    expect(saved).toMatchObject(expected);
    expect(saved.version).toBe(1 + patches.length);
  });

  it('rejects invalid bodies with the schema messages', async () => {
    const badCreate = await call('POST', '/api/signatures', alice.cookie, buildSignature({ name: 'x'.repeat(101) }));
    expect(badCreate.statusCode).toBe(400);
    expect(badCreate.json().errors.name).toBe('Full Name must be 100 characters or fewer');

    const sig = await createSignature(alice.cookie);
    const badColour = await call('PUT', `/api/signatures/${sig.id}`, alice.cookie, { design: { primaryColor: 'red' } });
    expect(badColour.statusCode).toBe(400);
    expect(badColour.json().errors['design.primaryColor']).toBe('Colour must look like #1a73e8');

    const badFont = await call('PUT', `/api/signatures/${sig.id}`, alice.cookie, {
      design: { fontFamily: 'Comic Sans' },
    });
    expect(badFont.json().errors['design.fontFamily']).toBe('Please choose one of the listed fonts');

    const missing = await call('POST', '/api/signatures', alice.cookie, { name: 'Only a name' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toContain('design');
  });

  it('generates HTML with the watermark for a user with no plan, and stores it', async () => {
    const sig = await createSignature(alice.cookie, { company: 'Analytical Engines' });
    const res = await call('POST', `/api/signatures/${sig.id}/generate-html`, alice.cookie, {});
    expect(res.statusCode).toBe(200);
    const body = res.json() as { htmlSignature: string; text: string; length: number };
    expect(body.htmlSignature).toContain('Ada Lovelace');
    expect(body.htmlSignature).toContain('Created with SignaturePro - localhost:5000');
    expect(body.text).toContain('Ada Lovelace');
    expect(body.length).toBe(body.htmlSignature.length);
    expect(body.length).toBeLessThan(10_000);

    const saved = (await call('GET', '/api/signatures', alice.cookie))
      .json()
      .find((s: { id: string }) => s.id === sig.id);
    expect(saved.htmlSignature).toBe(body.htmlSignature);
    const events = await t.database.db
      .select()
      .from(analyticsEvent)
      .where(eq(analyticsEvent.name, 'gmail_export_attempted'));
    expect(events.some((e) => e.properties.signatureId === sig.id)).toBe(true);
    const shown = await t.database.db
      .select()
      .from(analyticsEvent)
      .where(eq(analyticsEvent.name, 'free_plan_watermark_shown'));
    expect(shown.some((e) => e.properties.signatureId === sig.id)).toBe(true);
  });

  it('leaves the watermark out for a paying user', async () => {
    const payer = await signUpUser(t.app);
    await t.database.db.update(user).set({ subscriptionStatus: 'active' }).where(eq(user.id, payer.user.id));
    const sig = await createSignature(payer.cookie);
    const res = await call('POST', `/api/signatures/${sig.id}/generate-html`, payer.cookie, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().htmlSignature).not.toContain('Created with SignaturePro');
    const shown = await t.database.db
      .select()
      .from(analyticsEvent)
      .where(eq(analyticsEvent.name, 'free_plan_watermark_shown'));
    expect(shown.some((e) => e.properties.signatureId === sig.id)).toBe(false);
  });

  it("refuses to generate HTML while a field the organization requires is empty, in the editor's words", async () => {
    const { owner, member, other } = await createTeamWorld(t);
    const requirements = { requiredTitle: true, requiredPhone: true, requiredAddress: false };
    const saved = await call('PUT', '/api/organization/signature-defaults', owner.cookie, {
      template: 'professional',
      primaryColor: '#0066cc',
      secondaryColor: '#333333',
      ...requirements,
    });
    expect(saved.statusCode).toBe(200);

    const sig = await createSignature(member.cookie, { title: '', phone: '' });
    const refused = await call('POST', `/api/signatures/${sig.id}/generate-html`, member.cookie, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Please fill in Job Title and Phone before exporting.');
    // Name and email still come first, in the spec's words.
    await call('PUT', `/api/signatures/${sig.id}`, member.cookie, { name: '' });
    expect((await call('POST', `/api/signatures/${sig.id}/generate-html`, member.cookie, {})).json().error).toBe(
      'Please enter your name and email address before exporting.',
    );

    await call('PUT', `/api/signatures/${sig.id}`, member.cookie, {
      name: 'Mia Member',
      title: 'Designer',
      phone: '+1 555 0100',
    });
    expect((await call('POST', `/api/signatures/${sig.id}/generate-html`, member.cookie, {})).statusCode).toBe(200);

    // Another organization's rules do not reach this one.
    const theirs = await createSignature(other.cookie, { title: '', phone: '' });
    expect((await call('POST', `/api/signatures/${theirs.id}/generate-html`, other.cookie, {})).statusCode).toBe(200);
  });

  it('refuses to generate HTML without a name and an email address', async () => {
    const sig = await createSignature(alice.cookie, { name: '', email: '' });
    const res = await call('POST', `/api/signatures/${sig.id}/generate-html`, alice.cookie, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Please enter your name and email address before exporting.');
  });
});

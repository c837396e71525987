import { beforeAll, expect, it } from 'vitest';
import { apiCaller, describeEachDatabase } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { join, signUpPerson, type Person } from '../../../test-support/team-world';
import { TEST_TEMPLATE_DESIGN } from '../../../test-support/workspace-world';
import { createEmptySignature } from '../../../shared/signature/signature-schema';

/**
 * The organization template's locks are held on every save (decision 0164): a plain member's PUT
 * keeps the organization's value of a locked field and the template's design, their unlocked fields
 * save as sent; the owner and admins, who set the template, and another organization are not held.
 */
describeEachDatabase('organization locks on every signature save', (kind) => {
  const t = useTestApp(kind);
  const call = apiCaller(() => t.app);
  let owner: Person;
  let admin: Person;
  let member: Person;
  let stranger: Person;
  const ids: Record<string, string> = {};

  const template = {
    design: TEST_TEMPLATE_DESIGN,
    company: 'Acme Corp',
    website: 'https://acme.example',
    address: '1 Acme Way',
    photoUrl: '',
    socialLinks: { linkedin: 'https://linkedin.com/company/acme' },
  };

  beforeAll(async () => {
    owner = await signUpPerson(t, 'Olivia Owner');
    admin = await join(t, owner, await signUpPerson(t, 'Adam Admin'), 'admin');
    member = await join(t, owner, await signUpPerson(t, 'Mia Member'), 'member');
    stranger = await signUpPerson(t, 'Sam Stranger');
    // Before the template: the member's signature holds their own company and design.
    for (const [key, person] of Object.entries({ owner, admin, member, stranger })) {
      const created = await call(
        'POST',
        '/api/signatures',
        person.cookie,
        createEmptySignature({ name: person.user.name, email: person.email, company: 'Own Co' }),
      );
      expect(created.statusCode).toBe(201);
      ids[key] = created.json().id as string;
    }
    const save = await call('PUT', '/api/workspace/template', owner.cookie, {
      template,
      editableFields: ['name', 'title', 'phone', 'mobile', 'photoUrl'],
    });
    expect(save.statusCode).toBe(200);
  });

  it("tells a member which fields are locked and their values; the owner's, the admin's and another organization's editor has none", async () => {
    const locks = await call('GET', '/api/signatures/locks', member.cookie);
    expect(locks.statusCode).toBe(200);
    expect(locks.json()).toMatchObject({
      locked: ['company', 'website', 'address', 'socialLinks'],
      designLocked: true,
      values: { company: 'Acme Corp', website: 'https://acme.example', address: '1 Acme Way' },
      design: { template: 'modern', primaryColor: '#0b5cab' },
    });
    for (const person of [owner, admin, stranger]) {
      expect((await call('GET', '/api/signatures/locks', person.cookie)).json()).toMatchObject({
        locked: [],
        designLocked: false,
      });
    }
  });

  it("a member's autosave that changes a locked field keeps the organization's value and saves the rest as sent", async () => {
    const res = await call('PUT', `/api/signatures/${ids.member}`, member.cookie, {
      company: 'Rogue Ltd',
      title: 'Buyer',
      design: { primaryColor: '#ff0000' },
      socialLinks: { github: 'https://github.com/mia' },
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.title).toBe('Buyer');
    expect(saved.company).toBe('Acme Corp');
    expect(saved.design.primaryColor).toBe('#0b5cab');
    expect(saved.design.template).toBe('modern');
    expect(saved.socialLinks).toEqual({ linkedin: 'https://linkedin.com/company/acme' });
    // Fields not sent come into line too: the address was the member's empty one before.
    expect(saved.address).toBe('1 Acme Way');
    const [stored] = (await call('GET', '/api/signatures', member.cookie)).json();
    expect(stored.company).toBe('Acme Corp');

    // A full save (the editor's Save) of a stale copy keeps the organization's values the same way.
    const full = await call('PUT', `/api/signatures/${ids.member}`, member.cookie, {
      ...stored,
      website: 'https://rogue.example',
      mobile: '+44 7700 900123',
    });
    expect(full.statusCode).toBe(200);
    expect(full.json().website).toBe('https://acme.example');
    expect(full.json().mobile).toBe('+44 7700 900123');
  });

  it('what Gmail gets (generate-html) carries the locked values', async () => {
    const res = await call('POST', `/api/signatures/${ids.member}/generate-html`, member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().htmlSignature).toContain('Acme Corp');
    expect(res.json().htmlSignature).not.toContain('Rogue');
  });

  it("a member's new signature starts under the locks", async () => {
    const res = await call('POST', '/api/signatures', member.cookie, {
      ...createEmptySignature({ name: 'Mia Member', company: 'Side Hustle' }),
      label: 'Second',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().company).toBe('Acme Corp');
    expect(res.json().design.template).toBe('modern');
  });

  it('the owner, an admin and another organization save what they send', async () => {
    for (const key of ['owner', 'admin', 'stranger'] as const) {
      const person = { owner, admin, stranger }[key];
      const res = await call('PUT', `/api/signatures/${ids[key]}`, person.cookie, {
        company: `${person.user.name} Co`,
        design: { primaryColor: '#ff0000' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().company).toBe(`${person.user.name} Co`);
      expect(res.json().design.primaryColor).toBe('#ff0000');
    }
  });

  it("the owner's autosave stays one statement; only a held member's reads the locks", async () => {
    const client = t.database.db.$client as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const original = client.query;
    const count = async (work: () => Promise<unknown>) => {
      let statements = 0;
      client.query = function (this: unknown, ...args: unknown[]) {
        const first = args[0];
        const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
        // Background work shares the pool (the jobs runner, the mail outbox): not the save's.
        if (!/pgboss|"mail_outbox"/.test(text)) statements += 1;
        return original.apply(this, args);
      };
      try {
        await work();
      } finally {
        client.query = original;
      }
      return statements;
    };
    const save = (person: Person, key: string) => async () =>
      expect((await call('PUT', `/api/signatures/${ids[key]}`, person.cookie, { title: 'Lead' })).statusCode).toBe(200);
    expect(await count(save(owner, 'owner'))).toBe(1);
    const held = await count(save(member, 'member'));
    console.info(`statements for a held member's autosave (${kind}): ${held}`);
    expect(held).toBeGreaterThan(1);
    expect(held).toBeLessThanOrEqual(8);
  });

  it("a member cannot write another person's signature through the locked path", async () => {
    const res = await call('PUT', `/api/signatures/${ids.owner}`, member.cookie, { company: 'Mine now' });
    expect(res.statusCode).toBe(404);
    const [ownerSig] = (await call('GET', '/api/signatures', owner.cookie)).json();
    expect(ownerSig.company).toBe('Olivia Owner Co');
  });
});

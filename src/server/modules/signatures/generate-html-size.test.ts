import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { signature } from '../../db/schema/signatures.schema';
import { apiCaller, describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { checkGmailSize } from '../../../shared/signature/gmail-size-advice';
import { SOCIAL_PLATFORMS, createEmptySignature } from '../../../shared/signature/signature-schema';
import { SOCIAL_PLATFORM_HOSTS } from '../../../shared/signature/social-hosts';

/**
 * generate-html refuses what Gmail would refuse: above 10,000 stored characters it answers 400
 * with the same words the editor shows, naming the longest parts, and stores nothing.
 */
describeEachDatabase('generate-html and the Gmail size limit', (kind) => {
  const t = useTestApp(kind);
  let owner: { cookie: string; user: { id: string } };
  const call = apiCaller(() => t.app);

  beforeAll(async () => {
    owner = await signUpUser(t.app);
  });

  async function create(): Promise<string> {
    const res = await call(
      'POST',
      '/api/signatures',
      owner.cookie,
      createEmptySignature({ name: 'Ada Lovelace', email: 'ada@example.com' }),
    );
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: string }).id;
  }

  it('answers 400 in words above the limit, naming the longest parts, and keeps no HTML', async () => {
    const id = await create();
    // Written to the row directly: the schema's own limits are not what this test is about.
    const address = 'R&D, Q&A & M&A\n'.repeat(20);
    const customFields = Array.from({ length: 5 }, (_, i) => ({ label: `Note ${i + 1}`, value: '&'.repeat(200) }));
    const socialLinks = Object.fromEntries(
      SOCIAL_PLATFORMS.map((p) => [p, `https://${SOCIAL_PLATFORM_HOSTS[p][0]}/?ref=sig${'&'.repeat(100)}`]),
    );
    await t.database.db.update(signature).set({ address, customFields, socialLinks }).where(eq(signature.id, id));

    const res = await call('POST', `/api/signatures/${id}/generate-html`, owner.cookie, {});
    expect(res.statusCode).toBe(400);
    const { error } = res.json() as { error: string };
    expect(error).toMatch(
      /^Gmail keeps at most 10,000 characters and this signature takes [\d,]+ characters once Gmail saves it, more than the 9,800 characters we allow to stay safely inside\. Shorten it by at least [\d,]+ characters\./,
    );
    expect(error).toContain('The longest parts: the 9 social links (');

    // The editor computes the same words from the same fields.
    const fields = createEmptySignature({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      address,
      customFields,
      socialLinks,
    });
    const expected = checkGmailSize(fields, { publicUrl: t.config.publicUrl, showWatermark: true }).refusal;
    expect(error).toBe(expected?.message);

    const [row] = await t.database.db.select().from(signature).where(eq(signature.id, id));
    expect(row?.htmlSignature).toBeNull();
  });

  it('still generates a signature under the limit', async () => {
    const id = await create();
    const res = await call('POST', `/api/signatures/${id}/generate-html`, owner.cookie, {});
    expect(res.statusCode).toBe(200);
    expect((res.json() as { htmlSignature: string }).htmlSignature).toContain('Ada Lovelace');
  });
});

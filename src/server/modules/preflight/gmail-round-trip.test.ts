import { describe, expect, it } from 'vitest';
import { renderSignature } from '../../../shared/signature/render-signature';
import { TEMPLATES } from '../../../shared/signature/signature-schema';
import { gmailSentMessage, gmailStoredCopy } from '../../../test-support/gmail-stored-fixture';
import { buildFullSignature, TEST_PUBLIC_URL } from '../../../test-support/signature-test-factory';
import { compareWithGmail, gmailSignatureOf } from './gmail-round-trip';

const render = (template: (typeof TEMPLATES)[number]) =>
  renderSignature(buildFullSignature({ design: { template } }), { publicUrl: TEST_PUBLIC_URL, showWatermark: true })
    .html;

describe('Check what Gmail stored', () => {
  it('finds the signature in a sent message and predicts its stored length within 1% for every template', async () => {
    for (const template of TEMPLATES) {
      const ours = render(template);
      // Proxy URLs vary between 122 and 127 characters in real messages.
      const stored = gmailStoredCopy(ours, (index) => 122 + (index % 6));
      const answer = await compareWithGmail(await gmailSentMessage(stored), ours);
      expect(answer.found, template).toBe(true);
      expect(answer.storedLength, template).toBe(stored.length);
      expect(answer.differencePercent, template).toBeLessThanOrEqual(1);
      expect(Math.abs(answer.predictedLength - stored.length) / stored.length, template).toBeLessThanOrEqual(0.01);
      expect(answer.images.length, template).toBeGreaterThan(0);
      expect(
        answer.images.every((image) => image.proxied),
        template,
      ).toBe(true);
      expect(answer.dropped, template).toEqual([]);
    }
  });

  it('names what Gmail dropped and the images it left on their own address', async () => {
    const ours = render(TEMPLATES[0]);
    const stored = gmailStoredCopy(ours)
      .replace(/white-space:[^;"]*;?/g, '')
      .replace(/<a\b[^>]*href="mailto:[^"]*"[^>]*>(.*?)<\/a>/, '$1');
    const withOwnImage = stored.replace(/src="https:\/\/ci3[^"]*"/, `src="${TEST_PUBLIC_URL}/objects/logo.png"`);
    const answer = await compareWithGmail(await gmailSentMessage(withOwnImage), ours);
    expect(answer.found).toBe(true);
    expect(answer.dropped).toContain('the style white-space');
    expect(answer.dropped.some((item) => item.startsWith('the link mailto:'))).toBe(true);
    expect(answer.images[0]).toEqual({ src: `${TEST_PUBLIC_URL}/objects/logo.png`, proxied: false });
  });

  it('takes the HTML alone when that is what was pasted', async () => {
    const ours = render(TEMPLATES[1]);
    const stored = gmailStoredCopy(ours);
    const pasted = `<div dir="ltr">Hi<div dir="ltr" class="gmail_signature">${stored}</div></div>`;
    const answer = await compareWithGmail(pasted, ours);
    expect(answer.storedLength).toBe(stored.length);
  });

  it('says so when the message holds no Gmail signature', async () => {
    const answer = await compareWithGmail(
      await gmailSentMessage('').then((m) => m.replace(/gmail_signature/g, 'x')),
      render(TEMPLATES[0]),
    );
    expect(answer).toMatchObject({ found: false, storedLength: 0, images: [], dropped: [] });
    expect((await compareWithGmail('Subject: hi\n\njust text', '<table></table>')).found).toBe(false);
  });

  it('matches nested divs to the signature block’s own end', () => {
    expect(gmailSignatureOf('<div class="gmail_signature"><div>a<div>b</div></div>c</div><div>after</div>')).toBe(
      '<div>a<div>b</div></div>c',
    );
  });
});

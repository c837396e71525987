import { describe, expect, it } from 'vitest';
import { SOCIAL_PLATFORM_HOSTS } from './social-hosts';
import { checkGmailSize, measureSizeParts, SIGNATURE_TOO_LONG_TITLE } from './gmail-size-advice';
import { gmailSizeOf, gmailStoredLength, SIGNATURE_SIZE_LIMIT } from './gmail-size';
import { renderSignature } from './render-signature';
import { SOCIAL_PLATFORMS } from './signature-schema';
import { TEST_PUBLIC_URL, buildFullSignature } from '../../test-support/signature-test-factory';

const options = { publicUrl: TEST_PUBLIC_URL, showWatermark: true };

describe('checkGmailSize', () => {
  it('lets a full, realistic signature through with its stored size', () => {
    const fields = buildFullSignature();
    const check = checkGmailSize(fields, options);
    expect(check.refusal).toBeNull();
    expect(check.size).toEqual(gmailSizeOf(renderSignature(fields, options).html));
    expect(check.size.stored).toBeGreaterThan(check.size.characters); // eleven images re-hosted by Gmail
  });

  it('counts escaped output: 300 ampersands cost 1,500 characters', () => {
    const plain = checkGmailSize(buildFullSignature({ address: 'a'.repeat(300) }), options).size.characters;
    const escaped = checkGmailSize(buildFullSignature({ address: '&'.repeat(300) }), options).size.characters;
    expect(escaped - plain).toBe(1200);
  });

  it('refuses above 9,800 stored characters and names the longest parts, largest first', () => {
    // Realistic tracking links: every & is five characters once escaped.
    const socialLinks = Object.fromEntries(
      SOCIAL_PLATFORMS.map((p) => [p, `https://${SOCIAL_PLATFORM_HOSTS[p][0]}/?ref=sig${'&'.repeat(100)}`]),
    );
    const fields = buildFullSignature({
      address: '&'.repeat(300),
      socialLinks,
      customFields: [
        { label: 'Short', value: 'x' },
        { label: 'Disclaimer', value: '&'.repeat(200) },
        { label: 'Terms', value: '<'.repeat(120) },
      ],
    });
    const check = checkGmailSize(fields, options);
    expect(check.size.status).toBe('over');
    expect(check.refusal?.title).toBe(SIGNATURE_TOO_LONG_TITLE);
    const excess = check.size.stored - SIGNATURE_SIZE_LIMIT;
    expect(check.refusal?.message).toContain(
      `this signature takes ${check.size.stored.toLocaleString('en-US')} characters`,
    );
    expect(check.refusal?.message).toContain(`Shorten it by at least ${excess.toLocaleString('en-US')} characters.`);
    const labels = check.refusal?.parts.map((p) => p.label);
    expect(labels).toEqual(['the 9 social links', 'Address', 'the custom field “Disclaimer”']);
    expect(check.refusal?.message).toMatch(
      /The longest parts: the 9 social links \([\d,]+ characters\), Address \([\d,]+ characters\) or the custom field “Disclaimer” \([\d,]+ characters\)\.$/,
    );
  });

  it('uses the manifest it is given (the caller already rendered it)', () => {
    const fields = buildFullSignature();
    const html = 'x'.repeat(100);
    expect(checkGmailSize(fields, options, { html, storedLength: 9_801 }).size.status).toBe('over');
    expect(checkGmailSize(fields, options, { html, storedLength: 9_800 }).size.status).toBe('warn');
  });
});

describe('measureSizeParts', () => {
  it('measures each part as the stored characters saved by leaving it out', () => {
    const fields = buildFullSignature();
    const full = gmailStoredLength(renderSignature(fields, options).html);
    const parts = measureSizeParts(fields, options);
    const address = parts.find((p) => p.label === 'Address');
    const withoutAddress = renderSignature({ ...fields, address: '' }, options).storedLength;
    expect(address?.characters).toBe(full - withoutAddress);
    expect(parts.map((p) => p.characters)).toEqual([...parts.map((p) => p.characters)].sort((a, b) => b - a));
    expect(parts.some((p) => p.label === 'the logo')).toBe(true);
  });

  it('leaves out parts that are empty', () => {
    const parts = measureSizeParts(buildFullSignature({ mobile: '', socialLinks: {}, customFields: [] }), options);
    const labels = parts.map((p) => p.label);
    expect(labels).not.toContain('Mobile');
    expect(labels.some((l) => l.includes('social'))).toBe(false);
  });
});

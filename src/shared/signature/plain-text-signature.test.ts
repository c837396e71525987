import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GMAIL_APP_MAX_LINES, renderGmailAppText } from './plain-text-signature';
import { createEmptySignature } from './signature-schema';
import { buildFullSignature, TEST_PUBLIC_URL } from '../../test-support/signature-test-factory';

const paid = { publicUrl: TEST_PUBLIC_URL, showWatermark: false };
const free = { publicUrl: TEST_PUBLIC_URL, showWatermark: true };

describe('renderGmailAppText', () => {
  it('gives name, title | company, phones, email, website and the free line: six lines for a full signature', () => {
    const text = renderGmailAppText(buildFullSignature(), free);
    expect(text.split('\n')).toEqual([
      'Alexandra Montgomery-Fitzgerald',
      'Senior Vice President, Global Partnerships & Strategic Alliances | Northwind Traders International Holdings Ltd.',
      '+1 (415) 555-0134 ext. 2210 | M +44 7700 900123',
      'alexandra.montgomery-fitzgerald@northwind-traders.example.com',
      'www.northwind-traders.example.com/en-us/partnerships',
      'Created with SignaturePro - app.signaturepro.example',
    ]);
  });

  it('leaves out the address, custom fields, profiles and every tag', () => {
    const text = renderGmailAppText(buildFullSignature(), paid);
    expect(text.split('\n')).toHaveLength(5);
    expect(text).not.toContain('Mission Street');
    expect(text).not.toContain('Pronouns');
    expect(text).not.toContain('linkedin');
    expect(text).not.toMatch(/[<>]/);
    expect(text).not.toContain('&amp;');
  });

  it('leaves no empty line for an empty field', () => {
    const text = renderGmailAppText(
      createEmptySignature({ name: 'Ada', company: 'Engines', email: 'ada@example.com' }),
      paid,
    );
    expect(text).toBe('Ada\nEngines\nada@example.com');
    expect(renderGmailAppText(createEmptySignature(), paid)).toBe('');
  });

  it('is never more than six lines and never holds a line break inside a line', () => {
    const anyText = fc.string({ maxLength: 60 });
    fc.assert(
      fc.property(
        anyText,
        anyText,
        anyText,
        anyText,
        anyText,
        anyText,
        anyText,
        fc.boolean(),
        (name, title, company, phone, mobile, email, website, showWatermark) => {
          const text = renderGmailAppText(
            createEmptySignature({ name, title, company, phone, mobile, email, website, address: 'a\nb\nc' }),
            {
              publicUrl: TEST_PUBLIC_URL,
              showWatermark,
            },
          );
          const lines = text === '' ? [] : text.split('\n');
          expect(lines.length).toBeLessThanOrEqual(GMAIL_APP_MAX_LINES);
          for (const line of lines) expect(line.trim()).not.toBe('');
        },
      ),
    );
  });
});

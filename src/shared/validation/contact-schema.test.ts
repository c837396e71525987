import { describe, expect, it } from 'vitest';
import { contactRequestSchema, contactSchema } from './contact-schema';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Seats', message: 'How do extra seats work?' };
const messagesFor = (input: Record<string, unknown>) => {
  const result = contactSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
};

describe('contact schema (shared by the form and POST /api/contact)', () => {
  it('gives the spec message for each missing field', () => {
    expect(messagesFor({ name: '', email: '', subject: '', message: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });

  it('counts the limits inclusively: 2–100, 2–120, 10–2000', () => {
    expect(messagesFor({ ...valid, name: 'ab', subject: 'ab', message: 'x'.repeat(10) })).toEqual({});
    expect(
      messagesFor({ ...valid, name: 'n'.repeat(100), subject: 's'.repeat(120), message: 'm'.repeat(2000) }),
    ).toEqual({});
    expect(messagesFor({ ...valid, name: 'n', subject: 's', message: 'm'.repeat(9) })).toEqual({
      name: 'Name must be at least 2 characters',
      subject: 'Subject must be at least 2 characters',
      message: 'Message must be at least 10 characters',
    });
    expect(
      messagesFor({ ...valid, name: 'n'.repeat(101), subject: 's'.repeat(121), message: 'm'.repeat(2001) }),
    ).toEqual({
      name: 'Name must be less than 100 characters',
      subject: 'Subject must be less than 120 characters',
      message: 'Message must be less than 2000 characters',
    });
  });

  it('checks the email format', () => {
    expect(messagesFor({ ...valid, email: 'ada@' })).toEqual({ email: 'Please enter a valid email address' });
  });

  it('trims, and turns the header-bound fields (name, subject) into one line', () => {
    const parsed = contactRequestSchema.parse({
      ...valid,
      name: '  Ada\r\nBcc: x@example.com ',
      subject: 'Hi\nthere',
      email: ' ada@example.com ',
    });
    expect(parsed.name).toBe('Ada Bcc: x@example.com');
    expect(parsed.subject).toBe('Hi there');
    expect(parsed.email).toBe('ada@example.com');
  });
});

import { describe, expect, it } from 'vitest';
import { hasLoneSurrogate, hasNul, stripInvisible, unstorableReason } from './text-hygiene';
import { cleanText, limitedText } from './text-field';

const CODE_POINTS = {
  'bidi embeddings and overrides': [0x202a, 0x202b, 0x202c, 0x202d, 0x202e],
  'bidi isolates': [0x2066, 0x2067, 0x2068, 0x2069],
  'bidi marks': [0x200e, 0x200f, 0x061c],
  'zero-width characters': [0x200b, 0x2060, 0xfeff],
  'line and paragraph separators': [0x2028, 0x2029],
} as const;

describe('stripInvisible', () => {
  for (const [kind, codePoints] of Object.entries(CODE_POINTS)) {
    it.each(codePoints.map((cp) => [cp.toString(16).padStart(4, '0')]))(`removes U+%s (${kind})`, (hex) => {
      const char = String.fromCodePoint(Number.parseInt(hex, 16));
      expect(stripInvisible(`Gr${char}ace ${char}Hopper${char}`)).toBe('Grace Hopper');
    });
  }

  it('keeps visible text, accents, scripts and emoji untouched', () => {
    for (const text of ['Grace Hopper', 'Zoë Ødegård', 'مرحبا', '日本語', 'Ada 🚀', 'a\tb\nc'])
      expect(stripInvisible(text)).toBe(text);
  });

  it('keeps the zero-width joiner and non-joiner: emoji sequences and Persian spelling need them', () => {
    const coder = '\u{1F469}\u200D\u{1F4BB}';
    const persian = '\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645';
    expect(stripInvisible(`${coder} ${persian}`)).toBe(`${coder} ${persian}`);
    expect(stripInvisible(`\u202E${coder}\u200B`)).toBe(coder);
  });

  it('turns the reversed "gpj.exe" trick back into what it is', () => {
    expect(stripInvisible('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
  });
});

describe('values that cannot be stored', () => {
  it('finds a NUL and a lone surrogate, but not a whole emoji', () => {
    expect(hasNul('Ada\u0000')).toBe(true);
    expect(hasNul('Ada')).toBe(false);
    expect(hasLoneSurrogate('Ada \ud83d')).toBe(true);
    expect(hasLoneSurrogate('\ude80 Ada')).toBe(true);
    expect(hasLoneSurrogate('Ada \ud83d\ude80')).toBe(false);
    expect(unstorableReason('Ada\u0000')).toMatch(/null character/);
    expect(unstorableReason('Ada \ud83d')).toMatch(/broken character/);
    expect(unstorableReason('Ada 🚀')).toBeNull();
  });

  it('the zod helper strips invisibles and refuses NUL and lone surrogates with the field named', () => {
    const name = cleanText('Full Name');
    expect(name.parse('Gr\u200Bace\u202E')).toBe('Grace');
    expect(name.safeParse('Ada\u0000').error?.issues[0]?.message).toBe(
      'Full Name contains a null character (U+0000), which cannot be stored. Please remove it.',
    );
    expect(name.safeParse('Ada \ud83d').error?.issues[0]?.message).toMatch(/^Full Name contains a broken character/);
  });
});

describe('limits on what was typed', () => {
  const website = limitedText(20, 'Website URL');

  it("counts each & as the one character typed (Gmail's limit is the whole signature's guard)", () => {
    expect(website.safeParse('a.example/?b=1&c=2&d').success).toBe(true); // 20 typed, 28 escaped
    expect(website.safeParse('x.example/abcdefghij').success).toBe(true); // exactly 20
  });

  it('keeps the plain message for text that is too long as typed', () => {
    expect(website.safeParse('x'.repeat(21)).error?.issues[0]?.message).toBe(
      'Website URL must be 20 characters or fewer',
    );
  });

  it('measures after stripping, so invisible characters do not count', () => {
    expect(website.parse(`${'x'.repeat(20)}\u200B\u200B`)).toBe('x'.repeat(20));
  });
});

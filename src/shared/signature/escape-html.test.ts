import { describe, expect, it } from 'vitest';
import { cleanLine, cleanLines, escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('escapes an existing entity again, so a typed &amp; shows as typed', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it('returns plain values untouched', () => {
    expect(escapeHtml('Ada Lovelace · Café ☕')).toBe('Ada Lovelace · Café ☕');
  });
});

describe('cleanLine', () => {
  it('trims, folds breaks into spaces and removes controls', () => {
    expect(cleanLine('  a\tb\r\nc\u0000d\u0085e\u007f  ')).toBe('a b cde');
  });
});

describe('cleanLines', () => {
  it('splits on any newline and drops blank lines', () => {
    expect(cleanLines('a\r\nb\rc\n\n \nd')).toEqual(['a', 'b', 'c', 'd']);
  });
});

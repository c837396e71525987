import { stripInvisible } from '../validation/text-hygiene';

const HTML_SPECIAL = /[&<>"']/;
const HTML_SPECIAL_ALL = /[&<>"']/g;

// C0/C1 controls are not valid in HTML text and some mail clients truncate at a NUL.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LINE_BREAKS = /[\t\n\v\f\r]+/g;
const CONTROL_ALL = /[\u0000-\u001f\u007f-\u009f]/g;
const NEWLINE = /\r\n?|\n/;

function replaceHtmlSpecial(char: string): string {
  switch (char) {
    case '&':
      return '&amp;';
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case '"':
      return '&quot;';
    default:
      return '&#39;';
  }
}

/** Safe for both HTML text and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  // Most values need nothing: the test is much cheaper than a replace that allocates.
  return HTML_SPECIAL.test(value) ? value.replace(HTML_SPECIAL_ALL, replaceHtmlSpecial) : value;
}

/**
 * One line of user text: line breaks become spaces, controls go, and so do the invisible bidi,
 * zero-width and separator characters (text-hygiene.ts; a stored row may predate that rule, and the
 * preview renders what is being typed); edges are trimmed.
 */
export function cleanLine(value: string): string {
  const visible = stripInvisible(value);
  if (!CONTROL.test(visible)) return visible.trim();
  return visible.replace(LINE_BREAKS, ' ').replace(CONTROL_ALL, '').trim();
}

/** Multi-line user text (the address): each non-empty line, cleaned. */
export function cleanLines(value: string): string[] {
  const lines: string[] = [];
  for (const line of value.split(NEWLINE)) {
    const cleaned = cleanLine(line);
    if (cleaned !== '') lines.push(cleaned);
  }
  return lines;
}

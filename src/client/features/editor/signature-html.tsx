import { useLayoutEffect, useRef } from 'react';

function sameKind(a: Node, b: Node): boolean {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName;
}

function patchAttributes(target: Element, source: Element): void {
  for (const { name, value } of Array.from(source.attributes)) {
    if (target.getAttribute(name) !== value) target.setAttribute(name, value);
  }
  for (const { name } of Array.from(target.attributes)) {
    if (!source.hasAttribute(name)) target.removeAttribute(name);
  }
}

function patchChildren(target: Node, source: Node): void {
  const current = Array.from(target.childNodes);
  const next = Array.from(source.childNodes);
  const shared = Math.min(current.length, next.length);
  for (let i = 0; i < shared; i += 1) {
    const have = current[i]!;
    const want = next[i]!;
    if (!sameKind(have, want)) target.replaceChild(document.importNode(want, true), have);
    else if (have instanceof Element) {
      patchAttributes(have, want as Element);
      patchChildren(have, want);
    } else if (have.nodeValue !== want.nodeValue) have.nodeValue = want.nodeValue;
  }
  for (let i = current.length - 1; i >= shared; i -= 1) current[i]!.remove();
  for (let i = shared; i < next.length; i += 1) target.appendChild(document.importNode(next[i]!, true));
}

let parser: HTMLTemplateElement | null = null;

/** The text a run of escaped HTML text stands for ('&amp;' is '&'), parsed inertly. */
function decodeText(escaped: string): string {
  if (!escaped.includes('&')) return escaped;
  parser ??= document.createElement('template');
  parser.innerHTML = escaped;
  const text = parser.content.textContent ?? '';
  parser.innerHTML = '';
  return text;
}

/** How many runs of text (between a '>' and the next '<') start before `end`. */
function textRunsBefore(html: string, end: number): number {
  let runs = 0;
  let inText = true;
  for (let i = 0; i < end; i += 1) {
    const char = html.charCodeAt(i);
    if (char === 60 /* < */) inText = false;
    else if (char === 62 /* > */) inText = true;
    else if (inText && (i === 0 || html.charCodeAt(i - 1) === 62)) runs += 1;
  }
  return runs;
}

/**
 * The typing path: when `next` differs from `previous` only inside one run of text (a
 * keystroke in a name, a title, a phone number), finds that text node and sets its value, without
 * parsing the whole signature or walking every element. False when the change touches markup, or
 * when the node found does not hold the old text (the DOM is not what `previous` drew): the caller
 * then patches the whole tree.
 */
function patchTextRun(container: HTMLElement, previous: string, next: string): boolean {
  const shorter = Math.min(previous.length, next.length);
  let start = 0;
  while (start < shorter && previous.charCodeAt(start) === next.charCodeAt(start)) start += 1;
  if (start === previous.length && start === next.length) return true;
  let tail = 0;
  while (
    tail < shorter - start &&
    previous.charCodeAt(previous.length - 1 - tail) === next.charCodeAt(next.length - 1 - tail)
  )
    tail += 1;
  // The run of text around the change: from the '>' before it to the '<' after it, in both strings.
  const runStart = previous.lastIndexOf('>', start - 1) + 1;
  if (runStart === 0 || previous.lastIndexOf('<', start - 1) >= runStart) return false;
  const oldEnd = previous.indexOf('<', previous.length - tail);
  const newEnd = next.indexOf('<', next.length - tail);
  if (oldEnd === -1 || newEnd === -1) return false;
  const oldText = previous.slice(runStart, oldEnd);
  const newText = next.slice(runStart, newEnd);
  // An empty run has no text node to change; '<' or '>' inside would be markup.
  if (oldText === '' || newText === '' || /[<>]/.test(oldText) || /[<>]/.test(newText)) return false;
  const index = textRunsBefore(previous, runStart);
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  let node = walker.nextNode();
  for (let i = 0; node && i < index; i += 1) node = walker.nextNode();
  if (!node || node.nodeValue !== decodeText(oldText)) return false;
  node.nodeValue = decodeText(newText);
  return true;
}

/** What each container was last patched to, for the text-only fast path. */
const drawn = new WeakMap<HTMLElement, string>();

/**
 * Makes `container` hold `html` by changing only what differs: a keystroke in one field rewrites
 * one text node, not the whole signature (no images re-created, far less style and layout work).
 * A change inside one run of text is applied straight to its node; anything else is parsed in an
 * inert template (nothing in it runs while it is parsed) and patched node by node.
 */
export function patchHtml(container: HTMLElement, html: string): void {
  const previous = drawn.get(container);
  drawn.set(container, html);
  if (previous !== undefined && patchTextRun(container, previous, html)) return;
  parser ??= document.createElement('template');
  parser.innerHTML = html;
  patchChildren(container, parser.content);
  parser.innerHTML = '';
}

/**
 * The rendered signature, exactly the HTML Gmail receives (the renderer escapes every value).
 * React leaves the element's children alone; patchHtml keeps them in step before each paint.
 */
export function SignatureHtml({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current) patchHtml(ref.current, html);
  }, [html]);
  return <div ref={ref} data-testid="signature-preview" className={className} />;
}

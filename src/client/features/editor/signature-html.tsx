import { useLayoutEffect, useRef } from 'react';

function sameKind(a: Node, b: Node): boolean {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName;
}

type Attributes = Array<{ name: string; value: string }>;

/** Gives the element exactly these attributes, touching only those that change. */
function setAttributes(element: Element, attributes: Attributes): void {
  for (const { name, value } of attributes) if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  for (const { name } of Array.from(element.attributes)) {
    if (!attributes.some((attribute) => attribute.name === name)) element.removeAttribute(name);
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
      setAttributes(have, Array.from((want as Element).attributes));
      patchChildren(have, want);
    } else if (have.nodeValue !== want.nodeValue) have.nodeValue = want.nodeValue;
  }
  for (let i = current.length - 1; i >= shared; i -= 1) current[i]!.remove();
  for (let i = shared; i < next.length; i += 1) target.appendChild(document.importNode(next[i]!, true));
}

let parser: HTMLTemplateElement | null = null;
const START_TAG = /^<([a-z][^\s/>]*)/i;

/** `html` parsed inertly (nothing in it runs): the template's content, valid until the next parse. */
function parse(html: string): DocumentFragment {
  parser ??= document.createElement('template');
  parser.innerHTML = html;
  return parser.content;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const ESCAPED = /&(?:amp|lt|gt|quot|#39);/g;

/**
 * The text a run of escaped HTML text (or an attribute's value) stands for ('&amp;' is '&'). The
 * renderer escapes with these five entities only (escape-html.ts); any other is left to the parser.
 */
function decodeText(escaped: string): string {
  if (!escaped.includes('&')) return escaped;
  if (!escaped.replace(ESCAPED, '').includes('&')) return escaped.replace(ESCAPED, (entity) => ENTITIES[entity]!);
  const text = parse(escaped).textContent ?? '';
  parser!.innerHTML = '';
  return text;
}

const ATTRIBUTE = /\s([^\s"'=<>/]+)(?:="([^"]*)")?/g;

/**
 * The attributes one start tag sets, in order. The renderer writes each as name="escaped value":
 * read so, and checked by writing them back; a tag written otherwise is read by the parser, in the
 * template (never imported into the page, where an image would start loading).
 */
function attributesOf(tag: string): Attributes | null {
  const name = START_TAG.exec(tag)?.[1];
  if (!name) return null;
  const attributes: Attributes = [];
  let written = `<${name}`;
  for (const [whole, attribute, value] of tag.matchAll(ATTRIBUTE)) {
    attributes.push({ name: attribute!.toLowerCase(), value: value === undefined ? '' : decodeText(value) });
    written += whole;
  }
  if (`${written}>` === tag || `${written}/>` === tag) return attributes;
  const element = parse(tag).firstElementChild;
  const parsed = element ? Array.from(element.attributes, ({ name: n, value }) => ({ name: n, value })) : null;
  parser!.innerHTML = '';
  return parsed;
}

/** Tags and runs of text, in order: the renderer escapes '<' and '>' inside values, so this splits exactly. */
const TOKENS = /<[^>]*>|[^<]+/g;

type Change =
  | { kind: 'text'; index: number; from: string; to: string }
  | { kind: 'tag'; name: string; index: number; from: string; to: string };

/**
 * What differs between two renders of the same markup: runs of text and start tags' attributes (a
 * keystroke in the name changes its text and the logo's alt). Null when the markup itself differs
 * (a line added or removed, another element): the caller then patches the whole tree.
 */
function changesBetween(previous: string[], next: string[]): Change[] | null {
  if (previous.length !== next.length) return null;
  const changes: Change[] = [];
  const tagsSeen = new Map<string, number>();
  let texts = 0;
  for (let i = 0; i < previous.length; i += 1) {
    const from = previous[i]!;
    const to = next[i]!;
    if (from.charCodeAt(0) !== 60 /* < */) {
      if (to.charCodeAt(0) === 60) return null;
      if (from !== to) changes.push({ kind: 'text', index: texts, from, to });
      texts += 1;
      continue;
    }
    const name = START_TAG.exec(from)?.[1]?.toLowerCase();
    if (!name) {
      if (from !== to) return null;
      continue;
    }
    const index = tagsSeen.get(name) ?? 0;
    tagsSeen.set(name, index + 1);
    if (from === to) continue;
    if (START_TAG.exec(to)?.[1]?.toLowerCase() !== name) return null;
    changes.push({ kind: 'tag', name, index, from, to });
  }
  return changes;
}

/** The element has exactly these attributes. */
function hasAttributes(element: Element, attributes: Attributes): boolean {
  return (
    element.attributes.length === attributes.length &&
    attributes.every(({ name, value }) => element.getAttribute(name) === value)
  );
}

/**
 * The typing path: applies each change straight to its text node or element, without parsing the
 * whole signature or walking every element. False, having changed nothing, when a node found is
 * not what `previous` drew (the DOM was changed behind its back): the caller patches the whole tree.
 */
function patchInPlace(container: HTMLElement, changes: Change[]): boolean {
  const writes: Array<() => void> = [];
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  let node = walker.nextNode();
  let at = 0;
  for (const change of changes) {
    if (change.kind === 'text') {
      for (; node && at < change.index; at += 1) node = walker.nextNode();
      const target = node;
      if (!target || target.nodeValue !== decodeText(change.from)) return false;
      const text = decodeText(change.to);
      writes.push(() => (target.nodeValue = text));
    } else {
      const element = container.getElementsByTagName(change.name)[change.index];
      const was = attributesOf(change.from);
      const now = attributesOf(change.to);
      if (!element || !was || !now || !hasAttributes(element, was)) return false;
      writes.push(() => setAttributes(element, now));
    }
  }
  for (const write of writes) write();
  return true;
}

/** What each container was last patched to, split into tokens, for the in-place path. */
const drawn = new WeakMap<HTMLElement, string[]>();

/**
 * Makes `container` hold `html` by changing only what differs: a keystroke in one field rewrites
 * its text node (and the attribute that repeats it), not the whole signature (no images re-created,
 * far less style and layout work). Changes to text and attribute values are applied in place; any
 * other is parsed in an inert template (nothing in it runs) and patched node by node.
 */
export function patchHtml(container: HTMLElement, html: string): void {
  const previous = drawn.get(container);
  const next = html.match(TOKENS) ?? [];
  drawn.set(container, next);
  const changes = previous ? changesBetween(previous, next) : null;
  if (changes && patchInPlace(container, changes)) return;
  patchChildren(container, parse(html));
  parser!.innerHTML = '';
}

/**
 * The rendered signature, exactly the HTML Gmail receives (the renderer escapes every value).
 * React leaves the element's children alone; patchHtml keeps them in step before each paint.
 */
export function SignatureHtml({
  html,
  className,
  testId = 'signature-preview',
}: {
  html: string;
  className?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current) patchHtml(ref.current, html);
  }, [html]);
  return <div ref={ref} data-testid={testId} className={className} />;
}

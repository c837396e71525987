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

/**
 * Makes `container` hold `html` by changing only what differs: a keystroke in one field rewrites
 * one text node, not the whole signature (no images re-created, far less style and layout work).
 * The HTML is parsed in an inert template, so nothing in it runs while it is parsed.
 */
export function patchHtml(container: HTMLElement, html: string): void {
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

import { useEffect, useRef, useState } from 'react';
import { SignatureHtml } from './signature-html';

/** Below this the signature would be too small to read: the box scrolls sideways instead. */
const SMALLEST_SCALE = 0.5;

/**
 * How far the signature must shrink to fit the box: 1 when it fits at full size. Measured at full
 * size, as a recipient's mail app lays it out at this width. Inside the zoom, widths are read in
 * unzoomed pixels: a signature wider than its zoomed box (it grew, as while typing) gives its full
 * width as it is; otherwise it may have narrowed, and only undoing the zoom (a second layout)
 * tells by how much.
 */
function scaleToFit(box: HTMLElement, zoomer: HTMLElement, signature: HTMLElement): Fit {
  const overflows = zoomer.style.zoom !== '' && signature.scrollWidth > signature.clientWidth + 0.5;
  if (!overflows) zoomer.style.zoom = '';
  const natural = signature.scrollWidth;
  const available = box.clientWidth;
  if (natural <= available + 0.5) return { scale: 1, scrolls: false };
  const scale = Math.max(SMALLEST_SCALE, Math.floor((available / natural) * 1000) / 1000);
  return { scale, scrolls: natural * scale > available + 0.5 };
}

type Fit = { scale: number; scrolls: boolean };

/**
 * The rendered signature, scaled down to the width of its box when it is wider (a long title, a
 * phone number that must not wrap, a wide logo on a phone) and scrolled sideways past half size,
 * never clipped (decision 0183). CSS zoom shrinks the layout itself, so the box is as tall as
 * what it shows. Sizes are read only when the box or the signature changes size, a frame later,
 * off the keystroke's own paint.
 */
export function FittedSignature({ html }: { html: string }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const zoomerRef = useRef<HTMLDivElement>(null);
  const [fitted, setFitted] = useState<Fit>({ scale: 1, scrolls: false });

  useEffect(() => {
    const box = boxRef.current;
    const zoomer = zoomerRef.current;
    const signature = zoomer?.firstElementChild;
    if (!box || !zoomer || !(signature instanceof HTMLElement)) return;
    let frame = 0;
    const fit = () => {
      frame = 0;
      // Hidden (a phone showing the form): keep the scale for when the preview shows again.
      if (box.clientWidth === 0) return;
      const next = scaleToFit(box, zoomer, signature);
      zoomer.style.zoom = next.scale === 1 ? '' : String(next.scale);
      setFitted((last) => (last.scale === next.scale && last.scrolls === next.scrolls ? last : next));
    };
    const observer = new ResizeObserver(() => {
      frame ||= requestAnimationFrame(fit);
    });
    // The box for its width; each element of the signature for its own (a table wider than the
    // box overflows it without changing the box).
    observer.observe(box);
    const watched = new Set<Element>();
    const watchChildren = () => {
      for (const child of Array.from(signature.children)) {
        if (!watched.has(child)) {
          watched.add(child);
          observer.observe(child);
        }
      }
    };
    watchChildren();
    const mutations = new MutationObserver(watchChildren);
    mutations.observe(signature, { childList: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <div className="mt-4">
      <div ref={boxRef} className="overflow-x-auto" data-testid="signature-box">
        <div ref={zoomerRef}>
          <SignatureHtml html={html} className="[&_img]:max-w-none" />
        </div>
      </div>
      {fitted.scale < 1 && (
        <p className="mt-2 text-xs text-slate-500" data-testid="signature-scale">
          {fitted.scrolls
            ? `Shown at ${Math.round(fitted.scale * 100)}%: scroll sideways to see the rest. Recipients see it at full size.`
            : `Shown at ${Math.round(fitted.scale * 100)}% to fit this screen; recipients see it at full size.`}
        </p>
      )}
    </div>
  );
}

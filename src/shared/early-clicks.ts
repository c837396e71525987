/**
 * Clicks on the prerendered pages before they hydrate (docs/decisions/0060).
 *
 * The public pages are painted from HTML long before React runs (site-main.tsx asks for React only
 * once the page is needed, docs/decisions/0255). Until then a button does nothing, and a form's submit button
 * would submit the form natively and reload the page. This script, inline at the top of each
 * prerendered page's <head> (scripts/prerender.ts), holds such clicks: in the capture phase, on
 * `window`, it cancels a click on a button, a submit input or an element marked `data-needs-app`,
 * stops it there (React, once listening, must not see it as well) and remembers the element, once.
 * A form submitted some other way (Enter in a form without a submit button) is held the same way.
 * Plain links are left alone: they work without JavaScript. A held click also calls `wake`, which
 * the page's entry sets: the pages hydrate on demand (docs/decisions/0255), and a click from a
 * screen reader or a script comes with no pointer or key event before it. After hydration has
 * committed, src/client/lib/early-clicks.ts sets `done` and replays the remembered clicks in order.
 *
 * The server's Content-Security-Policy allows exactly this text by its hash
 * (src/server/site/early-click-csp.ts): both read this one constant, so they cannot disagree.
 * Keep it ASCII, with plain \n line ends and no `</script`, and small: it is in every page.
 */
export const EARLY_CLICKS_GLOBAL = '__spEarlyClicks';

/** What the inline script leaves on `window[EARLY_CLICKS_GLOBAL]` for the replay. */
export type EarlyClickState = {
  /** Elements clicked (or forms submitted) before hydration, oldest first, each once. */
  queue: Element[];
  /** Set once the page has hydrated and the queue is replayed: from then on clicks pass through. */
  done: boolean;
  /** Called after each held click or submit: the entry's signal to hydrate now (site-main.tsx). */
  wake?: () => void;
};

/** What the script holds: buttons and submit inputs, and anything marked as needing the app. */
export const EARLY_CLICK_SELECTOR = 'button,input[type=submit],input[type=image],input[type=button],[data-needs-app]';

export const EARLY_CLICK_SCRIPT = `(function () {
  var state = { queue: [], done: false };
  window.${EARLY_CLICKS_GLOBAL} = state;
  function hold(event, element) {
    event.preventDefault();
    event.stopImmediatePropagation();
    if (state.queue.indexOf(element) < 0) state.queue.push(element);
    if (state.wake) state.wake();
  }
  addEventListener('click', function (event) {
    var target = event.target;
    if (state.done || !target || !target.closest) return;
    var element = target.closest('${EARLY_CLICK_SELECTOR}');
    if (!element) return;
    if (element.matches('a[href]') && (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)) return;
    hold(event, element);
  }, true);
  addEventListener('submit', function (event) {
    if (!state.done) hold(event, event.target);
  }, true);
})();`;

/** The element scripts/prerender.ts puts into each page's <head>. */
export const EARLY_CLICK_SCRIPT_TAG = `<script>${EARLY_CLICK_SCRIPT}</script>`;

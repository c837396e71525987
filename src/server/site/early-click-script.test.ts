import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  EARLY_CLICK_SCRIPT,
  EARLY_CLICKS_GLOBAL,
  EARLY_CLICK_SELECTOR,
  type EarlyClickState,
} from '../../shared/early-clicks';

/**
 * The inline script of src/shared/early-clicks.ts, run in a bare context with a fake window (it is
 * tested here because src/shared may not import node:vm; the browser test runs it for real).
 */

/** An element that answers closest()/matches() for the few selectors the script asks about. */
type FakeElement = { tag: string; attrs: Record<string, string>; parent: FakeElement | null };
const el = (tag: string, attrs: Record<string, string> = {}, parent: FakeElement | null = null): FakeElement => ({
  tag,
  attrs,
  parent,
});

function matches(element: FakeElement, selector: string): boolean {
  return selector.split(',').some((part) => {
    const m = /^([a-z]*)(?:\[([a-z-]+)(?:=([a-z]+))?\])?$/.exec(part.trim());
    if (!m) throw new Error(`selector not understood by the fake: ${part}`);
    const [, tag, attr, value] = m;
    if (tag && element.tag !== tag) return false;
    if (attr && !(attr in element.attrs)) return false;
    if (attr && value !== undefined && element.attrs[attr] !== value) return false;
    return true;
  });
}

function loadScript() {
  const listeners: Record<string, (event: unknown) => void> = {};
  const window: Record<string, unknown> = {};
  const context = vm.createContext({
    window,
    addEventListener: (type: string, listener: (event: unknown) => void, capture: boolean) => {
      expect(capture).toBe(true);
      listeners[type] = listener;
    },
  });
  vm.runInContext(EARLY_CLICK_SCRIPT, context);
  const state = window[EARLY_CLICKS_GLOBAL] as EarlyClickState;
  const dispatch = (type: 'click' | 'submit', target: FakeElement, init: Record<string, unknown> = {}) => {
    const event = { defaultPrevented: false, stopped: false, button: 0, ...init } as Record<string, unknown>;
    Object.assign(event, {
      target: {
        ...target,
        closest(selector: string) {
          for (let node: FakeElement | null = target; node; node = node.parent) {
            if (matches(node, selector)) return Object.assign(node, { matches: (s: string) => matches(node!, s) });
          }
          return null;
        },
      },
      preventDefault: () => (event.defaultPrevented = true),
      stopImmediatePropagation: () => (event.stopped = true),
    });
    if (type === 'submit') event.target = target;
    listeners[type]!(event);
    return event as { defaultPrevented: boolean; stopped: boolean };
  };
  return { state, dispatch };
}

describe('the early-click script', () => {
  it('holds a click on a button (or inside one), once per element, in order', () => {
    const { state, dispatch } = loadScript();
    const submit = el('button', { type: 'submit' });
    const icon = el('svg', {}, el('button', { type: 'button' }));
    const first = dispatch('click', submit);
    expect(first).toEqual(expect.objectContaining({ defaultPrevented: true, stopped: true }));
    dispatch('click', icon);
    dispatch('click', submit);
    expect(state.queue).toEqual([submit, icon.parent]);
  });

  it('leaves plain links and text alone, and holds links marked as needing the app unless opened elsewhere', () => {
    const { state, dispatch } = loadScript();
    expect(dispatch('click', el('span', {}, el('a', { href: '/contact' }))).defaultPrevented).toBe(false);
    expect(dispatch('click', el('p')).defaultPrevented).toBe(false);
    const marked = el('a', { href: '/', 'data-needs-app': '' });
    expect(dispatch('click', marked, { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(dispatch('click', marked).defaultPrevented).toBe(true);
    expect(state.queue).toEqual([marked]);
  });

  it('holds a form submitted without a click, and lets everything through once done', () => {
    const { state, dispatch } = loadScript();
    const form = el('form');
    expect(dispatch('submit', form).defaultPrevented).toBe(true);
    expect(state.queue).toEqual([form]);
    state.done = true;
    expect(dispatch('submit', form).defaultPrevented).toBe(false);
    expect(dispatch('click', el('button')).defaultPrevented).toBe(false);
    expect(state.queue).toEqual([form]);
  });

  it('wakes the page (its entry hydrates on demand) on each held click or submit, never on a passed one', () => {
    const { state, dispatch } = loadScript();
    const woken: string[] = [];
    dispatch('click', el('button'));
    expect(state.queue).toHaveLength(1);
    state.wake = () => woken.push('wake');
    dispatch('click', el('span', {}, el('a', { href: '/contact' })));
    expect(woken).toEqual([]);
    dispatch('click', el('button', { type: 'submit' }));
    dispatch('submit', el('form'));
    expect(woken).toEqual(['wake', 'wake']);
    state.done = true;
    dispatch('click', el('button'));
    expect(woken).toEqual(['wake', 'wake']);
  });

  it('asks for what the selector constant says', () => {
    expect(EARLY_CLICK_SCRIPT).toContain(`closest('${EARLY_CLICK_SELECTOR}')`);
  });
});

import { useSyncExternalStore } from 'react';

/** Below Tailwind's `lg`, where the editor stacks the form and the preview (decision 0181). */
const NARROW = '(max-width: 1023.98px)';

// One query for the page: matchMedia makes a new one (and evaluates it) on each call, and the
// editor reads it on every render, so on every keystroke.
let narrowQuery: MediaQueryList | null = null;
const query = () => (narrowQuery ??= window.matchMedia(NARROW));

function subscribe(listener: () => void) {
  const list = query();
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

/** True on a phone or a narrow window: the editor then shows the Edit | Preview switch. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query().matches,
    () => false,
  );
}

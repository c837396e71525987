import { useSyncExternalStore } from 'react';

/** Below Tailwind's `lg`, where the editor stacks the form and the preview (decision 0181). */
const NARROW = '(max-width: 1023.98px)';

function subscribe(listener: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** True on a phone or a narrow window: the editor then shows the Edit | Preview switch. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

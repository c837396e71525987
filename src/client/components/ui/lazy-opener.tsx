import { lazy, Suspense, useState, type ComponentType } from 'react';

/** What a lazily loaded menu or dialog takes beyond its own props: open at once when it arrives. */
export type OpensOnArrival = { defaultOpen?: boolean };

/**
 * A menu or dialog whose code (Radix, floating-ui) loads after the page's first paint rather than
 * with it: the page's route stays within its budget. Until the code arrives a look-alike button
 * stands in; a press on it is kept, and the real control opens as soon as it is there.
 */
export function lazyOpener<P extends object>(
  load: () => Promise<ComponentType<P & OpensOnArrival>>,
  StandIn: ComponentType<P & { onOpen: () => void }>,
): ComponentType<P> {
  const Real = lazy(() => load().then((component) => ({ default: component })));
  return function LazyOpener(props: P) {
    const [pressed, setPressed] = useState(false);
    return (
      <Suspense fallback={<StandIn {...props} onOpen={() => setPressed(true)} />}>
        <Real {...props} defaultOpen={pressed} />
      </Suspense>
    );
  };
}

import { useEffect, useSyncExternalStore } from 'react';
import type { ImageProbe } from '../../../shared/signature/preflight';

/**
 * Each image URL is loaded once per page, off the typing path, to read its natural size; the
 * pre-flight checklist compares it with the size the signature shows it at. A URL's bytes never
 * change here (uploads get a new URL per version), so the answer is kept for the page's life.
 */
const probes = new Map<string, ImageProbe>();
const listeners = new Set<() => void>();
let snapshot: ReadonlyMap<string, ImageProbe> = new Map();

function publish() {
  snapshot = new Map(probes);
  for (const listener of listeners) listener();
}

function probe(url: string) {
  if (probes.has(url)) return;
  probes.set(url, { state: 'loading' });
  const image = new Image();
  image.decoding = 'async';
  image.onload = () => {
    probes.set(url, { state: 'loaded', naturalWidth: image.naturalWidth, naturalHeight: image.naturalHeight });
    publish();
  };
  image.onerror = () => {
    probes.set(url, { state: 'error' });
    publish();
  };
  image.src = url;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What is known about each URL so far; loads the ones not seen yet after the render is painted. */
export function useImageProbes(urls: readonly string[]): ReadonlyMap<string, ImageProbe> {
  const key = urls.join('\n');
  useEffect(() => {
    if (key === '') return;
    let started = false;
    for (const url of key.split('\n')) {
      if (!probes.has(url)) {
        probe(url);
        started = true;
      }
    }
    if (started) publish();
  }, [key]);
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

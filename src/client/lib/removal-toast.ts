import { toast } from './toast-store';

/** How long a removal can be taken back (decision 0187). */
export const UNDO_MS = 10_000;

/**
 * A removal's toast: what went, and "Undo" for 10 s, which puts it back. Removing is immediate
 * (the autosave stores it); Undo is an ordinary edit that restores the value.
 */
export function toastRemoval(title: string, undo: () => void): number {
  return toast({
    title,
    description: 'Undo puts it back.',
    duration: UNDO_MS,
    action: { label: 'Undo', altText: `Undo: ${title}`, onSelect: undo },
  });
}

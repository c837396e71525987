/**
 * Edits whose value is still on its way: an image being uploaded or fetched becomes `photoUrl`
 * only when the server answers. Every export (Copy to Gmail, Copy HTML, the test email) renders
 * the saved signature on the server, so it first waits here, then sends the save queue
 * (use-signature-draft.ts persistNow); otherwise a copy made right after choosing a logo would
 * copy the signature without it (decision 0071).
 *
 * One registry for the page: the editor has one signature on screen, and the image controls that
 * start this work sit far below the draft that waits for it.
 */
const inFlight = new Set<Promise<void>>();

/** Registers work whose outcome becomes an edit; returns the same promise. */
export function trackPendingEdit<T>(work: Promise<T>): Promise<T> {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  inFlight.add(settled);
  void settled.then(() => inFlight.delete(settled));
  return work;
}

/** True while an upload or fetch that will change the signature is still out. */
export function hasPendingEdits(): boolean {
  return inFlight.size > 0;
}

/**
 * Resolves once every tracked edit has settled, including work started while waiting; never
 * rejects (a failed upload changes nothing, and its own toast says so).
 */
export async function pendingEditsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

/**
 * An address typed in Image URL that is not (or not yet being) added to the signature: the field
 * adds it on Enter and on leaving it, so this holds only what could not be added (signed out, or
 * refused). An export says so instead of going out without the image the person sees typed.
 */
let unappliedImageUrl = '';

export function setUnappliedImageUrl(value: string): void {
  unappliedImageUrl = value.trim();
}

export function typedImageUrlNotAdded(): string {
  return unappliedImageUrl;
}

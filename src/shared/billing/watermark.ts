/** Statuses that pay for the product; every other value, or none, counts as free. */
const PAID_STATUSES = new Set(['active', 'lifetime']);

/** The one rule that decides the free watermark, used by the preview and every server render. */
export function shouldShowWatermark(subscriptionStatus: string | null | undefined): boolean {
  return !PAID_STATUSES.has(subscriptionStatus ?? '');
}

/** The watermark reads 'Created with SignaturePro - {host}', {host} being the public URL's host. */
export function watermarkText(publicUrl: string): string {
  return `Created with SignaturePro - ${new URL(publicUrl).host}`;
}

/** The one promotion the product honours: lifetime access for a single payment (spec section 9). */
export const LIFETIME_PROMOTION_CODE = 'LIFETIME1DOLLAR';
/** Dollars, charged once. */
export const LIFETIME_PRICE = 1;
export const LIFETIME_NOTICE = '$1 one-time payment for lifetime access. No subscription, no renewals.';

import { describe, expect, it } from 'vitest';
import { getPlan } from '../../../shared/billing/plans';
import { displayedPrice } from './plan-price';

describe('the note under a plan card’s price', () => {
  const standard = getPlan('standard');

  it('promises a visitor the plan’s own trial', () => {
    expect(displayedPrice(standard, 'monthly', 'per-year').note).toBe('7-day free trial');
    expect(displayedPrice(standard, 'annual', 'per-year').note).toBe('Billed yearly · 7-day free trial');
  });

  it('counts the days an organization’s running trial has left', () => {
    expect(displayedPrice(standard, 'monthly', 'per-year', 3).note).toBe('3 days free');
    expect(displayedPrice(standard, 'annual', 'per-year', 1).note).toBe('Billed yearly · 1 day free');
  });

  it('promises no free days once the trial is over', () => {
    expect(displayedPrice(standard, 'monthly', 'per-year', 0).note).toBe('Charged today');
    expect(displayedPrice(standard, 'annual', 'per-year', 0).note).toBe('Billed yearly');
  });
});

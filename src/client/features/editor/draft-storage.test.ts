/** @vitest-environment jsdom */
import { beforeEach, describe, expect, it } from 'vitest';
import { createEmptySignature } from '../../../shared/signature/signature-schema';
import { DRAFT_STORAGE_KEY, clearDraft, loadDraft, saveDraft } from './draft-storage';

beforeEach(() => localStorage.clear());

describe('draft storage', () => {
  it("round-trips a visitor's signature under 'signaturepro:draft'", () => {
    const draft = createEmptySignature({ name: 'Vic', socialLinks: { github: 'https://github.com/vic' } });
    saveDraft(draft);
    expect(DRAFT_STORAGE_KEY).toBe('signaturepro:draft');
    expect(loadDraft()).toEqual(draft);
    clearDraft();
    expect(loadDraft()).toBeNull();
  });

  it('fills fields that an older draft lacks', () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ name: 'Old', design: { layout: 'vertical' } }));
    expect(loadDraft()).toEqual(
      createEmptySignature({ name: 'Old', design: { ...createEmptySignature().design, layout: 'vertical' } }),
    );
  });

  it('ignores a broken or invalid draft', () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, '{not json');
    expect(loadDraft()).toBeNull();
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ design: { template: 'nope' } }));
    expect(loadDraft()).toBeNull();
  });
});

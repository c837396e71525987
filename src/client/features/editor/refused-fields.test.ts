import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignaturePatch } from '../../../shared/signature/signature-schema';
import { ApiError } from '../../lib/api';
import { createPatchQueue, type SendPatch } from './patch-queue';
import { FieldsRefused, fieldLabel, patchProblems, refusalOf, splitPatch, type Refusals } from './refused-fields';

const BAD_INSTAGRAM = 'https://example.com/brightlinelabs';

/** A send that refuses what the shared schema refuses, as the autosave's does, and records what went out. */
function checkingSend() {
  const sent: SignaturePatch[] = [];
  const send: SendPatch = (patch) => {
    const problems = patchProblems(patch);
    if (Object.keys(problems).length > 0) return Promise.reject(new FieldsRefused(problems));
    sent.push(patch);
    return Promise.resolve();
  };
  return { sent, send };
}

describe('a refused field is held at the field, never retried, and never blocks the rest', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves the valid fields of a batch at once and holds only the refused link', async () => {
    const { sent, send } = checkingSend();
    const seen: Refusals[] = [];
    const queue = createPatchQueue({ send, onRefusalsChange: (next) => seen.push(next) });
    queue.enqueue({
      title: 'Head of Product',
      socialLinks: { instagram: BAD_INSTAGRAM, github: 'https://github.com/bl' },
    });
    await vi.advanceTimersByTimeAsync(600);
    expect(sent).toEqual([{ title: 'Head of Product', socialLinks: { github: 'https://github.com/bl' } }]);
    expect(Object.keys(queue.refusals())).toEqual(['socialLinks.instagram']);
    expect(queue.refusals()['socialLinks.instagram']).toContain('instagram.com');
    expect(queue.unsaved()).toEqual({ socialLinks: { instagram: BAD_INSTAGRAM } });
    expect(queue.hasUnsavedChanges()).toBe(true);

    // No retry: nothing more goes out however long we wait.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);

    // Later edits still save; the held link does not ride along.
    queue.enqueue({ company: 'Brightline' });
    await vi.advanceTimersByTimeAsync(600);
    expect(sent[1]).toEqual({ company: 'Brightline' });

    // Changing the refused field sends it again and clears the mark.
    queue.enqueue({ socialLinks: { instagram: 'https://instagram.com/brightlinelabs' } });
    expect(queue.refusals()).toEqual({});
    await vi.advanceTimersByTimeAsync(600);
    expect(sent[2]).toEqual({ socialLinks: { instagram: 'https://instagram.com/brightlinelabs' } });
    expect(queue.unsaved()).toBeNull();
    expect(queue.hasUnsavedChanges()).toBe(false);
    expect(seen.at(-1)).toEqual({});
  });

  it('holds the fields a server 400 names and resends the rest straight away', async () => {
    const sent: SignaturePatch[] = [];
    let refuse = true;
    const send: SendPatch = (patch) => {
      if (refuse && 'phone' in patch) {
        refuse = false;
        const error = new ApiError(400, 'Phone has letters', { phone: 'Phone has letters' }, 'VALIDATION');
        return Promise.reject(refusalOf(error, patch) ?? error);
      }
      sent.push(patch);
      return Promise.resolve();
    };
    const queue = createPatchQueue({ send });
    queue.enqueue({ phone: '+1 415 CALL-NOW', title: 'CTO' });
    await queue.flush();
    expect(sent).toEqual([{ title: 'CTO' }]);
    expect(queue.refusals()).toEqual({ phone: 'Phone has letters' });
    expect(queue.status()).toBe('saved');
  });

  it('holds the whole batch when a 400 names no field of it, so the same batch is never sent twice', async () => {
    let calls = 0;
    const send: SendPatch = (patch) => {
      calls += 1;
      return Promise.reject(refusalOf(new ApiError(400, 'Please check the form.', { body: 'bad' }), patch));
    };
    const queue = createPatchQueue({ send });
    queue.enqueue({ name: 'Jane' });
    await queue.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(1);
    expect(queue.refusals()).toEqual({ '*': 'Please check the form.' });
    expect(queue.unsaved()).toEqual({ name: 'Jane' });
  });

  it('still retries a failure that is not a refusal', async () => {
    let calls = 0;
    const send: SendPatch = () => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('500: down')) : Promise.resolve();
    };
    const queue = createPatchQueue({ send, retryDelaysMs: [1000] });
    queue.enqueue({ name: 'Jane' });
    await queue.flush().catch(() => undefined);
    expect(queue.status()).toBe('error');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    expect(queue.status()).toBe('saved');
  });
});

describe('refusal helpers', () => {
  it('splits maps entry by entry and names fields in words', () => {
    const { held, rest } = splitPatch(
      { name: 'A', socialLinks: { instagram: 'x', github: 'y' }, customFieldsPatch: [] },
      ['socialLinks.instagram', 'customFields'],
    );
    expect(held).toEqual({ socialLinks: { instagram: 'x' }, customFieldsPatch: [] });
    expect(rest).toEqual({ name: 'A', socialLinks: { github: 'y' } });
    expect(fieldLabel('socialLinks.instagram')).toBe('Instagram link');
    expect(fieldLabel('title')).toBe('Job Title');
  });

  it('is not a refusal when the answer is not a 400', () => {
    expect(refusalOf(new ApiError(500, 'down'), { name: 'A' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { createEmptySignature } from '../../../shared/signature/signature-schema';
import {
  applyCustomFieldsPatch,
  createVersionTracker,
  diffSocialLinks,
  mergePatches,
  toWirePatch,
} from './signature-patch';

describe('socialLinks diffs (decision 0006)', () => {
  it('sends only the platforms that changed, with empty text for a removal', () => {
    const before = { linkedin: 'https://linkedin.com/in/a', github: 'https://github.com/a' };
    expect(diffSocialLinks(before, { ...before, github: 'https://github.com/x' })).toEqual({
      github: 'https://github.com/x',
    });
    expect(diffSocialLinks(before, { linkedin: before.linkedin })).toEqual({ github: '' });
    expect(diffSocialLinks(before, before)).toEqual({});
  });

  it('an edit of the whole map becomes a per-platform patch; nothing is sent when nothing changed', () => {
    const fields = createEmptySignature({ socialLinks: { twitter: 'https://x.com/a' } });
    expect(
      toWirePatch(fields, {
        socialLinks: { twitter: 'https://x.com/a', youtube: 'https://youtube.com/@a' },
        name: 'N',
      }),
    ).toEqual({
      name: 'N',
      socialLinks: { youtube: 'https://youtube.com/@a' },
    });
    expect(toWirePatch(fields, { socialLinks: { twitter: 'https://x.com/a' } })).toBeNull();
    expect(toWirePatch(fields, { title: 'T' })).toEqual({ title: 'T' });
  });

  it('queued patches merge platform by platform, the newer value winning', () => {
    expect(mergePatches({ socialLinks: { github: 'g', twitter: 't' } }, { socialLinks: { github: '' } })).toEqual({
      socialLinks: { github: '', twitter: 't' },
    });
  });
});

describe('customFieldsPatch', () => {
  const a = { label: 'A', value: '1' };
  const b = { label: 'B', value: '2' };
  const c = { label: 'C', value: '3' };

  it('applies changes in order by the server rule: set, add at the end, remove only what still reads `was`', () => {
    expect(applyCustomFieldsPatch([a, b], [{ index: 4, value: c }])).toEqual([a, b, c]);
    expect(applyCustomFieldsPatch([a, b, c], [{ index: 1, value: null, was: b }])).toEqual([a, c]);
    expect(applyCustomFieldsPatch([a, c], [{ index: 1, value: null, was: b }])).toEqual([a, c]);
    expect(applyCustomFieldsPatch([a, b], [{ index: 0, value: null }])).toEqual([b]);
  });

  it('collapses repeated changes to one position, and a whole list replaces earlier changes', () => {
    const typed = mergePatches(
      { customFieldsPatch: [{ index: 2, value: { label: 'C', value: 'x' } }] },
      {
        customFieldsPatch: [{ index: 2, value: { label: 'C', value: 'xy' } }],
      },
    );
    expect(typed).toEqual({ customFieldsPatch: [{ index: 2, value: { label: 'C', value: 'xy' } }] });
    const afterRemoval = mergePatches(
      { customFieldsPatch: [{ index: 1, value: null, was: b }] },
      { customFieldsPatch: [{ index: 1, value: c }] },
    );
    expect(afterRemoval?.customFieldsPatch).toHaveLength(2);
    expect(mergePatches(typed, { customFields: [a] })).toEqual({ customFields: [a] });
    expect(mergePatches({ customFields: [a] }, { customFieldsPatch: [{ index: 1, value: b }] })).toEqual({
      customFields: [a, b],
    });
  });
});

describe('the version a copy is based on', () => {
  it('moves only over versions its own saves produced, in any order', () => {
    const tracker = createVersionTracker(3);
    tracker.saw(5);
    expect(tracker.base()).toBe(3);
    tracker.saw(4);
    expect(tracker.base()).toBe(5);
  });

  it('stays behind when someone else wrote in between, so the next full save hears 409', () => {
    const tracker = createVersionTracker(3);
    // Another tab wrote version 4; this tab's autosave came back as 5.
    tracker.saw(5);
    expect(tracker.base()).toBe(3);
    tracker.reset(5);
    expect(tracker.base()).toBe(5);
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SaveStatusBadge } from './save-status';

const badge = (status: 'pending' | 'saving' | 'saved') =>
  renderToStaticMarkup(<SaveStatusBadge status={status} hasId signedIn />);

// While edits wait through a burst of typing nothing spins: a spinning icon repaints every frame
// beside the keystroke's own (decision 0240).
describe('the save status while typing', () => {
  it('says Saving… with a still icon while edits wait for the pause in typing', () => {
    expect(badge('pending')).toContain('Saving…');
    expect(badge('pending')).not.toContain('animate-spin');
  });

  it('spins only while a save is on its way', () => {
    expect(badge('saving')).toContain('Saving…');
    expect(badge('saving')).toContain('animate-spin');
    expect(badge('saved')).not.toContain('animate-spin');
  });
});

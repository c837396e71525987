/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { patchHtml } from './signature-html';

describe('patchHtml', () => {
  it('fills an empty container with the HTML', () => {
    const box = document.createElement('div');
    patchHtml(box, '<table><tbody><tr><td style="color:#111">Jane</td></tr></tbody></table>');
    expect(box.innerHTML).toBe('<table><tbody><tr><td style="color:#111">Jane</td></tr></tbody></table>');
  });

  it('changes only the text node that differs, keeping every element (and image) in place', () => {
    const box = document.createElement('div');
    patchHtml(box, '<table><tbody><tr><td>Jane</td><td><img src="https://x.test/a.png" alt=""></td></tr></tbody></table>');
    const cell = box.querySelector('td');
    const image = box.querySelector('img');
    const text = cell?.firstChild;
    patchHtml(box, '<table><tbody><tr><td>Janet</td><td><img src="https://x.test/a.png" alt=""></td></tr></tbody></table>');
    expect(box.querySelector('td')).toBe(cell);
    expect(box.querySelector('img')).toBe(image);
    expect(cell?.firstChild).toBe(text);
    expect(cell?.textContent).toBe('Janet');
  });

  it('updates, adds and removes attributes and children', () => {
    const box = document.createElement('div');
    patchHtml(box, '<p style="color:#111" title="a">x</p><p>gone</p>');
    patchHtml(box, '<p style="color:#222">x<b>new</b></p>');
    expect(box.innerHTML).toBe('<p style="color:#222">x<b>new</b></p>');
    patchHtml(box, '<div>other</div>');
    expect(box.innerHTML).toBe('<div>other</div>');
    patchHtml(box, '');
    expect(box.innerHTML).toBe('');
  });

  it('never runs what it inserts', () => {
    const box = document.createElement('div');
    document.body.appendChild(box);
    patchHtml(box, '<script>window.__ran = 1</script><p>&lt;b&gt;</p>');
    expect((window as unknown as { __ran?: number }).__ran).toBeUndefined();
    expect(box.querySelector('p')?.textContent).toBe('<b>');
    box.remove();
  });
});

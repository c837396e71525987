/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest';
import { patchHtml } from './signature-html';

describe('patchHtml', () => {
  it('fills an empty container with the HTML', () => {
    const box = document.createElement('div');
    patchHtml(box, '<table><tbody><tr><td style="color:#111">Jane</td></tr></tbody></table>');
    expect(box.innerHTML).toBe('<table><tbody><tr><td style="color:#111">Jane</td></tr></tbody></table>');
  });

  it('changes only the text node that differs, keeping every element (and image) in place', () => {
    const box = document.createElement('div');
    patchHtml(
      box,
      '<table><tbody><tr><td>Jane</td><td><img src="https://x.test/a.png" alt=""></td></tr></tbody></table>',
    );
    const cell = box.querySelector('td');
    const image = box.querySelector('img');
    const text = cell?.firstChild;
    patchHtml(
      box,
      '<table><tbody><tr><td>Janet</td><td><img src="https://x.test/a.png" alt=""></td></tr></tbody></table>',
    );
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

  describe('the typing path: a change inside one run of text', () => {
    const signature = (name: string, title = 'CTO') =>
      `<table cellpadding="0"><tbody><tr><td><img src="https://x.test/a-160x53.png" width="160" alt="Logo"></td><td><span style="font-weight:bold">${name}</span><br><span>${title}</span> | <a href="https://acme.example/?a=1&amp;b=2">acme &amp; co</a></td></tr></tbody></table>`;

    it('sets that one text node and touches no element', () => {
      const box = document.createElement('div');
      patchHtml(box, signature('Ada'));
      const elements = Array.from(box.querySelectorAll('*'));
      const nameNode = box.querySelector('span')!.firstChild!;
      let mutations = 0;
      const observer = new MutationObserver((records) => (mutations += records.length));
      observer.observe(box, { subtree: true, childList: true, attributes: true, characterData: true });
      // No parse of the signature: the new text goes straight into its node.
      const parse = vi.spyOn(HTMLTemplateElement.prototype, 'innerHTML', 'set');
      patchHtml(box, signature('Ada Lovelace'));
      expect(parse).not.toHaveBeenCalled();
      patchHtml(box, signature('Ada Lovelace', 'Chief &lt;Analyst&gt; &amp; Writer'));
      // Only the changed run is decoded, never the whole signature.
      expect(parse.mock.calls.every(([html]) => !String(html).includes('<table'))).toBe(true);
      parse.mockRestore();
      expect(observer.takeRecords().length + mutations).toBe(2);
      observer.disconnect();
      expect(box.querySelector('span')!.firstChild).toBe(nameNode);
      expect(Array.from(box.querySelectorAll('*'))).toEqual(elements);
      expect(box.innerHTML).toBe(signature('Ada Lovelace', 'Chief &lt;Analyst&gt; &amp; Writer'));
    });

    it('matches a full patch whatever changes: text, attributes, emptied and new runs, markup', () => {
      const steps = [
        signature('Ada'),
        signature('Ada L'),
        signature(''),
        signature('B'),
        signature('B', ''),
        signature('B', 'Chief'),
        signature('B').replace('width="160"', 'width="80"'),
        signature('B').replace('alt="Logo"', 'alt="B"'),
        signature('Bo').replace('alt="Logo"', 'alt="Bo" title="x"'),
        signature('Bo').replace('alt="Logo"', ''),
        signature('Bo').replace('<td>', '<td style="padding:0">'),
        signature('B').replace('acme &amp; co', 'acme &amp; co<b>!</b>'),
        signature('B').replace('<br>', ''),
        '',
        signature('C'),
      ];
      const fast = document.createElement('div');
      for (const html of steps) {
        patchHtml(fast, html);
        const fresh = document.createElement('div');
        fresh.innerHTML = html;
        expect(fast.innerHTML).toBe(fresh.innerHTML);
      }
    });

    it('changes the text and the attribute that repeats it (the logo alt is the name) in place', () => {
      const withAlt = (name: string) => signature(name).replace('alt="Logo"', `alt="${name}"`);
      const box = document.createElement('div');
      patchHtml(box, withAlt('Ada'));
      const elements = Array.from(box.querySelectorAll('*'));
      const nameNode = box.querySelector('span')!.firstChild!;
      const records: MutationRecord[] = [];
      const observer = new MutationObserver((batch) => records.push(...batch));
      observer.observe(box, { subtree: true, childList: true, attributes: true, characterData: true });
      const parse = vi.spyOn(HTMLTemplateElement.prototype, 'innerHTML', 'set');
      patchHtml(box, withAlt('Ada &amp; Lovelace'));
      // Nothing is parsed: the changed text and the changed tag's attributes are read from the HTML.
      expect(parse).not.toHaveBeenCalled();
      parse.mockRestore();
      records.push(...observer.takeRecords());
      observer.disconnect();
      expect(records.map((r) => (r.type === 'attributes' ? `${r.attributeName}` : r.type)).sort()).toEqual([
        'alt',
        'characterData',
      ]);
      expect(Array.from(box.querySelectorAll('*'))).toEqual(elements);
      expect(box.querySelector('span')!.firstChild).toBe(nameNode);
      expect(box.querySelector('img')!.getAttribute('alt')).toBe('Ada & Lovelace');
      expect(box.innerHTML).toBe(withAlt('Ada &amp; Lovelace'));
    });

    it('falls back to a full patch when an element is not what it last drew', () => {
      const box = document.createElement('div');
      patchHtml(box, signature('Ada'));
      box.querySelector('img')!.setAttribute('width', '1');
      patchHtml(box, signature('Ada').replace('alt="Logo"', 'alt="Ada"'));
      expect(box.innerHTML).toBe(signature('Ada').replace('alt="Logo"', 'alt="Ada"'));
    });

    it('falls back to a full patch when the DOM is not what it last drew', () => {
      const box = document.createElement('div');
      patchHtml(box, signature('Ada'));
      box.querySelector('span')!.textContent = 'changed behind its back';
      patchHtml(box, signature('Ada L'));
      expect(box.querySelector('span')!.textContent).toBe('Ada L');
    });
  });
});

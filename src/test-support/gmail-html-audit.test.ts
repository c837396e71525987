import { describe, expect, it } from 'vitest';
import { auditSignatureHtml } from './gmail-html-audit';

const ORIGIN = 'https://app.example.com';

// The property test is only as good as this reader: prove it notices each kind of fault.
describe('auditSignatureHtml', () => {
  it('accepts the subset the templates write', () => {
    const html =
      '<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="font-family:\'Times New Roman\',Times,serif;color:#333333">' +
      '<tr><td colspan="2" valign="top" style="padding-top:8px"><a href="https://x.example/?a=1&amp;b=2" style="color:#1a73e8;text-decoration:none">A&nbsp;&amp;B</a><br>' +
      `<img src="${ORIGIN}/icons/v1/github.png" width="20" height="20" alt="GitHub" style="display:block;width:20px;height:20px;border:0">` +
      '<a href="mailto:a@b.example"><span style="font-weight:bold">x</span></a><a href="tel:+1555" style="white-space:nowrap">y</a></td><td width="26">z</td></tr>' +
      '<tr><td style="border-left:4px solid #1a73e8;padding-left:14px"><span style="background-color:#e4eefc">P</span>' +
      '<span style="letter-spacing:1px;text-transform:uppercase">t</span></td></tr></table>';
    expect(auditSignatureHtml(html, ORIGIN)).toEqual([]);
  });

  it.each([
    ['<div>x</div>', 'tag <div> is not allowed'],
    ['<span class="x">x</span>', 'attribute class on <span>'],
    ['<span id="x">x</span>', 'attribute id on <span>'],
    ['<span onclick="x">x</span>', 'attribute onclick on <span>'],
    ['<span style="position:absolute">x</span>', 'style property position on <span>'],
    // The image file has the shape (decision 0070): object-fit is missing in Outlook, Yahoo and Gmail's mobile web client.
    ['<img src="https://cdn.example/a.png" alt="" style="object-fit:cover">', 'style property object-fit on <img>'],
    ['<span style="display:flex">x</span>', 'display:flex on <span>'],
    ['<span style="text-transform:capitalize">x</span>', 'text-transform:capitalize on <span>'],
    ['<span style="letter-spacing:1em">x</span>', 'letter-spacing:1em on <span>'],
    ['<td style="padding-left:-4px">x</td>', 'padding-left:-4px on <td>'],
    ['<td style="border-left:4px dashed #1a73e8">x</td>', 'border-left:4px dashed #1a73e8 on <td>'],
    ['<td style="background-color:red">x</td>', 'background-color:red on <td>'],
    [
      '<td style="background-color:#e4eefc linear-gradient(#fff,#000)">x</td>',
      'background-color:#e4eefc linear-gradient',
    ],
    ['<td style="background:#e4eefc">x</td>', 'style property background on <td>'],
    ['<td style="padding:4px">x</td>', 'style property padding on <td>'],
    ['<span style="color:rgb(0 0 0 / .5)">x</span>', 'forbidden token in style'],
    ['<span style="color:#12345">x</span>', 'bad colour #12345 on <span>'],
    ['<a href="javascript:alert(1)">x</a>', 'href with a forbidden scheme'],
    ['<a href="data:text/html,x">x</a>', 'href with a forbidden scheme'],
    ['<a href="&#106;avascript:x">x</a>', 'unknown entity'],
    ['<img src="data:image/png;base64,AA" alt="">', 'embedded data in img src'],
    ['<img src="http://cdn.example/a.png" alt="">', 'img src not absolute https'],
    ['<img src="https://cdn.example/a.svg" alt="">', 'svg image'],
    ['<span>a > b</span>', 'raw > in text'],
    ['<span>a &copy; b</span>', 'unknown entity in text'],
    ["<span title='x'>x</span>", 'malformed tag'],
    ['<span>x</td>', '</td> closes <span>'],
    ['<table><tr><td>x</td></tr>', 'unclosed <table>'],
    ['<span style="color:red" style="color:blue">x</span>', 'duplicate attribute style'],
    ['<td valign="middle">x</td>', 'valign="middle" on <td>'],
    ['<td width="50%">x</td>', 'width="50%" on <td>'],
    ['<span style="white-space:pre">x</span>', 'white-space:pre on <span>'],
    ['<span valign="top">x</span>', 'attribute valign on <span>'],
  ])('reports %j', (html, finding) => {
    expect(auditSignatureHtml(html, ORIGIN).join('\n')).toContain(finding);
  });
});

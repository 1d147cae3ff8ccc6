// The event description sanitizer (worker/events/sanitize-description.ts), run inside workerd like the
// Worker: XSS payloads never survive, the editor's own formatting does.
import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_COLORS, sanitizeDescription } from '../../worker/events/sanitize-description.ts';
import { descriptionLength, descriptionText } from '../../worker/events/event-rules.ts';

const allowedTags = new Set(['b', 'strong', 'i', 'em', 'u', 'h1', 'h2', 'ul', 'ol', 'li', 'p', 'br', 'mark', 'span']);
const colorAttr = new RegExp(`^(style="background-color: (${HIGHLIGHT_COLORS.join('|')})"|data-color="(${HIGHLIGHT_COLORS.join('|')})")$`);

/** Every tag in the output is one of the editor's, with no attribute but an allowed colour; no other '<'. */
function expectOnlyEditorMarkup(html: string) {
  const tag = /<\/?([a-zA-Z0-9]+)((?:\s+[^\s>]+(?:="[^"]*")?)*)\s*\/?>/g;
  for (const m of html.matchAll(tag)) {
    expect(allowedTags.has(m[1]), `tag ${m[0]} in ${html}`).toBe(true);
    const attrs = m[2].trim().match(/[^\s=]+(?:="[^"]*")?/g) ?? [];
    for (const attr of attrs) expect(attr, `attribute in ${html}`).toMatch(colorAttr);
  }
  expect(html.replace(tag, ''), html).not.toMatch(/[<>]/);
  expect(html).not.toMatch(/javascript\s*:|vbscript:|data:text|on[a-z]+\s*=|expression\s*\(|url\s*\(/i);
}

const payloads = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<script>alert(1)',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)"/>',
  '<IMG SRC="javascript:alert(1);">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<a href="javascript:alert(1)">клик</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<p style="width: expression(alert(1))">x</p>',
  '<span style="background-image: url(javascript:alert(1))">x</span>',
  '<span style="background-color: #fef08a; background-image: url(https://evil.example/t.png)">x</span>',
  '<mark style="background-color: red">x</mark>',
  '<span style="background-color:#fef08a /* */; position: fixed">x</span>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<p onclick="alert(1)">x</p>',
  '<b onmouseover=alert(1)>x</b>',
  '<p title="a" onclick="alert(1)" class="x">x</p>',
  '<p title=""><script>alert(1)</script>">x</p>',
  '<b "onclick=alert(1)">x</b>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<!--[if gte IE 4]><script>alert(1)</script><![endif]-->',
  '<<script>script>alert(1)<</script>/script>',
  '<p<img src=x onerror=alert(1)>>',
  '<style>@import "javascript:alert(1)";</style>',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<video><source onerror="alert(1)"></video>',
  '<template><img src=x onerror=alert(1)></template>',
  '<textarea><script>alert(1)</script></textarea>',
  '<x onclick=alert(1)>x</x>',
  '<h1 style="color: red" onmouseenter=alert(1)>x</h1>',
  '<mark data-color="javascript:alert(1)">x</mark>',
  '<img src=`x`onerror=alert(1)>',
  '"><script>alert(1)</script>',
  '<p>\u0000<script>alert(1)</script></p>',
  '<div onmouseover=alert(1) style="background:url(javascript:alert(1))">x</div>',
  '<div><div/onload=alert(1)>x</div>',
];

describe('sanitizeDescription against XSS payloads', () => {
  it('has a corpus of at least 30 payloads', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(30);
  });

  it.each(payloads)('%s', (payload) => {
    const out = sanitizeDescription(payload);
    expectOnlyEditorMarkup(out);
    // sanitizing is stable: the stored HTML passes through again unchanged
    expect(sanitizeDescription(out)).toBe(out);
  });

  it('drops the body of scripts and styles, keeps the text of removed tags', () => {
    expect(sanitizeDescription('<p>до<script>alert(1)</script>после</p>')).toBe('<p>допосле</p>');
    expect(sanitizeDescription('<a href="https://example.com">ссылка</a>')).toBe('ссылка');
    expect(sanitizeDescription('<section><p>абзац</p></section>')).toBe('<p>абзац</p>');
  });
});

describe('sanitizeDescription keeps the editor formatting', () => {
  it('bold, italic, underline, headings, lists, paragraphs and breaks', () => {
    const html = '<h1>Заголовок</h1><h2>Подзаголовок</h2><p><b>ж</b><strong>ж</strong> <i>к</i><em>к</em> <u>п</u><br></p><ul><li>один</li></ul><ol><li>два</li></ol>';
    expect(sanitizeDescription(html)).toBe(html);
  });

  it('a contentEditable line (<div>) becomes a paragraph, without its attributes', () => {
    expect(sanitizeDescription('первая<div onclick="x()" style="color: red">вторая</div><div><br></div>')).toBe('первая<p>вторая</p><p><br></p>');
  });

  it('the four highlight colours, in hex or rgb, on mark and span', () => {
    for (const color of HIGHLIGHT_COLORS) {
      const html = `<p><mark data-color="${color}" style="background-color: ${color}">выделено</mark></p>`;
      expect(sanitizeDescription(html)).toBe(html);
    }
    // what execCommand('hiliteColor') writes in a browser
    expect(sanitizeDescription('<span style="background-color: rgb(254, 240, 138);">x</span>')).toBe('<span style="background-color: #fef08a">x</span>');
    expect(sanitizeDescription('<span style="background-color: rgb(254, 240, 138); color: inherit">x</span>')).toBe(
      '<span style="background-color: #fef08a">x</span>',
    );
    expect(sanitizeDescription('<mark style="background-color: #FEF08A; color: inherit">x</mark>')).toBe('<mark style="background-color: #fef08a">x</mark>');
  });

  it('other colours and styles are removed, the text stays', () => {
    expect(sanitizeDescription('<mark style="background-color: #ff0000">x</mark>')).toBe('<mark>x</mark>');
    expect(sanitizeDescription('<p style="font-size: 90px">x</p>')).toBe('<p>x</p>');
    expect(sanitizeDescription('<span style="color: #fef08a">x</span>')).toBe('<span>x</span>');
  });
});

describe('descriptionText', () => {
  it('counts what a reader sees: no tags, entities decoded, code points', () => {
    expect(descriptionText('<p><b>a</b> &amp; &lt;b&gt;</p>')).toBe('a & <b>');
    expect(descriptionLength('<p>😀</p>')).toBe(1);
    expect(descriptionLength(`<p>${'я'.repeat(500)}</p>`)).toBe(500);
  });
});

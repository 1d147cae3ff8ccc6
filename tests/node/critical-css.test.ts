// The part of the stylesheet a rendered page keeps (worker/pages/critical-css.ts). tests/e2e/server-render.test.ts
// checks on the real pages that it styles every element exactly as the whole sheet does.
import { describe, expect, it } from 'vitest';
import { criticalCss, pageClasses } from '../../worker/pages/critical-css.ts';

const prune = (css: string, html: string) => criticalCss(css, pageClasses(html));

describe('critical CSS', () => {
  it('keeps the rules of classes on the page and drops the others', () => {
    expect(prune('.a{color:red}.b{color:blue}.a.b{margin:0}', '<p class="a">x</p>')).toBe('.a{color:red}');
  });

  it('keeps rules that name no class: elements, the universal selector, :root, attributes', () => {
    const css = '*,:before{box-sizing:border-box}:root{--x:1}h1{font-size:2rem}[hidden]{display:none}a[href$=".pdf"]{color:red}';
    expect(prune(css, '<p>x</p>')).toBe(css);
  });

  it('reads escaped class names as the page writes them', () => {
    const css = '.hover\\:bg-red:hover{color:red}.\\32 xl\\:grid-cols-3{x:1}.w-0\\.5{width:.125rem}.\\[\\&_a\\]\\:underline a{y:1}.md\\:p-4{p:1}';
    const html = '<div class="hover:bg-red 2xl:grid-cols-3 w-0.5 [&amp;_a]:underline">x</div>';
    expect(prune(css, html)).toBe('.hover\\:bg-red:hover{color:red}.\\32 xl\\:grid-cols-3{x:1}.w-0\\.5{width:.125rem}.\\[\\&_a\\]\\:underline a{y:1}');
  });

  it('does not ask for a class inside :not() and keeps a list when one of its selectors matches', () => {
    expect(prune('.a:not(.b){x:1}.c,.a>p{y:1}.d,.e{z:1}', '<i class="a"></i>')).toBe('.a:not(.b){x:1}.c,.a>p{y:1}');
  });

  it('prunes inside @media and @supports, drops them when empty, keeps @layer order and whole @font-face, @keyframes, @property', () => {
    const css =
      '@layer theme,base,utilities;@layer base{h1{x:1}}@layer utilities{.z{x:1}}' +
      '@media (width>=48rem){.md\\:a{x:1}.md\\:b{x:2}}@media print{.q{x:1}}@supports (display:grid){.g{x:1}}' +
      '@font-face{font-family:Inter;src:url(/a.woff2)}@keyframes spin{to{transform:rotate(360deg)}}@property --tw-x{syntax:"*";inherits:false}';
    expect(prune(css, '<p class="md:a">x</p>')).toBe(
      '@layer theme,base,utilities;@layer base{h1{x:1}}@layer utilities{}@media (width>=48rem){.md\\:a{x:1}}' +
        '@font-face{font-family:Inter;src:url(/a.woff2)}@keyframes spin{to{transform:rotate(360deg)}}@property --tw-x{syntax:"*";inherits:false}',
    );
  });

  it('is not fooled by braces in strings and keeps a tail it cannot read', () => {
    expect(prune('.a:after{content:"}{"}.b{x:1}', '<i class="a"></i>')).toBe('.a:after{content:"}{"}');
    expect(prune('.a{x:1}.b{broken', '<i class="a"></i>')).toBe('.a{x:1}.b{broken');
  });
});

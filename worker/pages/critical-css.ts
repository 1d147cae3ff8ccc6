// The part of the app's stylesheet a rendered page needs to paint (decision 014, «Critical CSS»): the whole sheet is
// ~130 KB for every screen of the app, and a phone parses and matches all of it before the first paint. A rule stays
// when each class its selector names (outside `:not()`) is on the page; rules naming no class (the base layer, the
// theme's variables), at-rules without rules inside (@font-face, @keyframes, @property) stay whole. The browser then
// loads the full sheet (web/main.tsx) before the app runs, for what it adds later (menus, dialogs, hydrated layouts).
//
// Written for the stylesheet our build emits (Tailwind through Lightning CSS: minified, no nesting); a construct it
// does not know is kept, never dropped.

/** The classes of the page's elements, from their `class` attributes. */
export function pageClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeEntities(value).split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

const decodeEntities = (text: string) =>
  text.replace(/&(amp|quot|#39|lt|gt);/g, (_, e: string) => ({ amp: '&', quot: '"', '#39': "'", lt: '<', gt: '>' })[e] ?? '');

/** Where the block opened at `open` (a `{`) closes, past strings and escapes; -1 when it does not. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const ch = css[i];
    if (ch === '\\') i++;
    else if (ch === '"' || ch === "'") i = stringEnd(css, i);
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  return -1;
}

function stringEnd(css: string, start: number): number {
  for (let i = start + 1; i < css.length; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === css[start]) return i;
  }
  return css.length;
}

/** The first `{` or `;` at the top level from `from` (a selector or an at-rule's prelude ends there). */
function preludeEnd(css: string, from: number): number {
  for (let i = from; i < css.length; i++) {
    const ch = css[i];
    if (ch === '\\') i++;
    else if (ch === '"' || ch === "'") i = stringEnd(css, i);
    else if (ch === '{' || ch === ';') return i;
  }
  return css.length;
}

/** A class name as written in a selector, unescaped: `\:` is `:`, `\32 ` is `2`. */
function unescapeName(name: string): string {
  return name.replace(/\\(?:([0-9a-fA-F]{1,6})\s?|([\s\S]))/g, (_, hex: string | undefined, ch: string) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : ch));
}

/**
 * The classes a selector needs on the page: those outside `:not(…)` (inside it, a class's absence is the point) and
 * outside attribute selectors (`[href$=".pdf"]` names no class).
 */
function neededClasses(selector: string): string[] {
  let outside = '';
  for (let i = 0, skipDepth = 0, depth = 0; i < selector.length; i++) {
    const ch = selector[i];
    if (ch === '\\') {
      if (!skipDepth) outside += selector.slice(i, i + 2);
      i++;
      continue;
    }
    if (ch === '[') {
      i = attributeEnd(selector, i);
      continue;
    }
    if (ch === '(') {
      depth++;
      if (!skipDepth && selector.slice(Math.max(0, i - 4), i) === ':not') skipDepth = depth;
    } else if (ch === ')') {
      if (skipDepth === depth) {
        skipDepth = 0;
        depth--;
        continue;
      }
      depth--;
    }
    if (!skipDepth) outside += ch;
  }
  return [...outside.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[\s\S]|[\w\u0080-\uffff-])+)/g)].map((m) => unescapeName(m[1]));
}

/** Where the attribute selector opened at `open` closes. */
function attributeEnd(selector: string, open: number): number {
  for (let i = open + 1; i < selector.length; i++) {
    if (selector[i] === '\\') i++;
    else if (selector[i] === '"' || selector[i] === "'") i = stringEnd(selector, i);
    else if (selector[i] === ']') return i;
  }
  return selector.length;
}

/** The selectors of a list, split at its top-level commas. */
function selectorList(selector: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i];
    if (ch === '\\') i++;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  out.push(selector.slice(start));
  return out;
}

/** At-rules whose blocks hold rules, so they are pruned inside; any other block is kept whole. */
const GROUPING = /^@(media|supports|layer|container|scope|document)\b/;

/** `css` with the rules no element of the page matches left out. */
export function criticalCss(css: string, classes: Set<string>): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i])) i++;
    if (i >= css.length) break;
    const end = preludeEnd(css, i);
    const prelude = css.slice(i, end);
    if (end >= css.length || css[end] === ';') {
      out += css.slice(i, end + 1); // a statement (`@layer a, b;`, `@import …;`) or a stray tail: kept
      i = end + 1;
      continue;
    }
    const close = blockEnd(css, end);
    if (close < 0) return out + css.slice(i); // unbalanced: keep the rest rather than guess
    const body = css.slice(end + 1, close);
    i = close + 1;
    if (prelude.startsWith('@')) {
      if (!GROUPING.test(prelude)) out += `${prelude}{${body}}`;
      else {
        const inner = criticalCss(body, classes);
        // an empty `@layer x{}` still orders the layers; other empty groups go
        if (inner || prelude.startsWith('@layer')) out += `${prelude}{${inner}}`;
      }
      continue;
    }
    if (selectorList(prelude).some((selector) => neededClasses(selector).every((name) => classes.has(name)))) out += `${prelude}{${body}}`;
  }
  return out;
}

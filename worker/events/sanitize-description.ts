// Event descriptions arrive as HTML from the rich editor (spec 002 §5.4) and are shown as HTML on the
// event page, so the server keeps only what the editor itself can produce: bold, italic, underline,
// headings 1 and 2, lists, paragraphs, line breaks and four highlight colours. Everything else (scripts,
// event handlers, links, images, any other style) is dropped here, once, before the row is written.
// xss is CommonJS whose names are attached in a loop, so only its default export (filterXSS) is importable
import filterXSS, { type IFilterXSSOptions } from 'xss';

/**
 * The four highlight colours of the editor (the spec names four but not which; docs/decisions/008). Keys
 * are the stored form; browsers may serialise the same colour as rgb(), which is mapped back.
 */
export const HIGHLIGHT_COLORS = ['#fef08a', '#bbf7d0', '#bfdbfe', '#fbcfe8'] as const;

const rgbToHex = new Map(
  HIGHLIGHT_COLORS.map((hex) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    return [`rgb(${r},${g},${b})`, hex];
  }),
);

/** One of the four colours in its stored form, or null. */
export function highlightColor(raw: string): string | null {
  const v = raw.trim().toLowerCase().replace(/\s+/g, '');
  if ((HIGHLIGHT_COLORS as readonly string[]).includes(v)) return v;
  return rgbToHex.get(v) ?? null;
}

/**
 * Only `background-color: <one of the four>` survives from a style attribute. Anything that could hide a
 * second declaration or a function (comments, escapes, url(), expression()) makes the whole style go.
 */
function highlightStyle(style: string): string | null {
  if (/[\\/*<>&]|url|expression|import/i.test(style)) return null;
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    if (property !== 'background-color' && property !== 'background') continue;
    const color = highlightColor(declaration.slice(colon + 1));
    if (color) return `background-color: ${color}`;
  }
  return null;
}

const formatting = ['b', 'strong', 'i', 'em', 'u', 'h1', 'h2', 'ul', 'ol', 'li', 'p', 'br'];

const options: IFilterXSSOptions = {
  whiteList: {
    ...Object.fromEntries(formatting.map((tag) => [tag, []])),
    mark: ['style', 'data-color'],
    span: ['style'],
  },
  // other tags go, their text stays (as escaped text) ...
  stripIgnoreTag: true,
  // ... except where the "text" is code or markup of its own
  stripIgnoreTagBody: ['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'select', 'head'],
  allowCommentTag: false,
  stripBlankChar: true,
  css: false,
  // a contentEditable (the web editor) makes a new line a <div>; it becomes the paragraph it means
  onTag(tag, _html, info) {
    if (tag === 'div') return info.isClosing ? '</p>' : '<p>';
    return undefined;
  },
  onTagAttr(tag, name, value) {
    if (name === 'style') {
      const style = highlightStyle(value);
      // the style is rebuilt from a known colour, so it needs no escaping
      return style ? `style="${style}"` : '';
    }
    if (name === 'data-color' && tag === 'mark') {
      const color = highlightColor(value);
      return color ? `data-color="${color}"` : '';
    }
    return undefined;
  },
};

/** The description as it is stored and shown: only the editor's own formatting. */
export function sanitizeDescription(html: string): string {
  // stripIgnoreTagBody leaves its markers where a stripped tag was never closed
  return filterXSS(html, options).replace(/\[\/?removed\]/g, '').trim();
}

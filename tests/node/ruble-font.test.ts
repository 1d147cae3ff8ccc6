// The ruble sign's own font file (scripts/subset-ruble-font.mjs, decision 014 «The ruble sign»): the committed file is
// what the script cuts from the installed Inter, so an upgrade of Inter without `npm run fonts` fails here.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { RUBLE_FONT_PATH, rubleFont } from '../../scripts/subset-ruble-font.mjs';

describe('the ruble font', () => {
  it('is the glyph cut from the installed Inter, byte for byte', async () => {
    const committed = await readFile(RUBLE_FONT_PATH);
    expect(Buffer.from(await rubleFont()).equals(committed)).toBe(true);
    // one glyph, not a copy of the 85 KB file it comes from
    expect(committed.length).toBeLessThan(4 * 1024);
  });

  it('is declared for U+20BD alone, after the fontsource faces', async () => {
    const css = await readFile(new URL('../../web/fonts/inter-ruble.css', import.meta.url), 'utf8');
    expect(css).toMatch(/font-family:\s*'Inter Variable'/);
    expect(css).toMatch(/unicode-range:\s*U\+20BD;/);
    const main = await readFile(new URL('../../web/main.tsx', import.meta.url), 'utf8');
    const fontsource = main.indexOf("import '@fontsource-variable/inter';");
    expect(fontsource).toBeGreaterThan(-1);
    expect(main.indexOf("import './fonts/inter-ruble.css';")).toBeGreaterThan(fontsource);
  });
});

// The ruble sign in Inter, alone (decision 014, «The ruble sign»): Inter has ₽ (U+20BD) only in its latin-ext file
// (85 KB), so every page with a price downloaded that whole file for one glyph. This cuts the glyph, with Inter's
// weight axis, into web/fonts/inter-ruble.woff2 (about 1 KB), which web/fonts/inter-ruble.css declares for U+20BD
// alone. Run it again after upgrading @fontsource-variable/inter (tests/node/ruble-font.test.ts says when):
//   npm run fonts
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const RUBLE = '\u20BD';
export const RUBLE_FONT_PATH = fileURLToPath(new URL('../web/fonts/inter-ruble.woff2', import.meta.url));
const SOURCE = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource-variable/inter/package.json')), 'files', 'inter-latin-ext-wght-normal.woff2');

/** The ruble sign cut out of the installed Inter (variable weight kept), as WOFF2 bytes. */
export async function rubleFont() {
  return subsetFont(await readFile(SOURCE), RUBLE, { targetFormat: 'woff2' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await rubleFont();
  await writeFile(RUBLE_FONT_PATH, bytes);
  console.log(`${path.relative(process.cwd(), RUBLE_FONT_PATH)}: ${bytes.length} bytes`);
}

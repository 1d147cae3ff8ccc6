// One rule for every single-line text a person types: titles, names, cities, job titles, tags (decision 013,
// «Single-line text»). Such text is written where a line break ends a record, in an .ics file's properties first
// of all, where a title holding CR/LF planted whole events in people's calendars (issue 34). So line breaks and
// every other control character are refused at input, with one message, by the schemas the API and the web forms
// share; and where stored text is written into a line-structured format it goes through toSingleLine, since rows
// saved before the rule may still hold them. Multi-line fields (descriptions, messages) keep their line breaks.
// Pure: the web forms import it through the schemas.
import { z } from 'zod';

export const SINGLE_LINE_MESSAGE = 'Поле не должно содержать переводов строки и управляющих символов';

// C0 (tab, LF and CR among them), DEL and C1 (NEL among them) controls, and the Unicode line and paragraph separators
const CONTROL = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029';
const ONE_LINE = new RegExp(`^[^${CONTROL}]*$`);
const CONTROL_RUNS = new RegExp(`[${CONTROL}]+`, 'g');

export const isSingleLine = (value: string) => ONE_LINE.test(value);

/**
 * A trimmed string on one line; `error` answers a value that isn't a string. Chain .min/.max as on any string:
 * `singleLineText('Имя обязательно').min(1, 'Имя обязательно').max(50, …)`.
 */
export const singleLineText = (error?: string) =>
  z.string(error === undefined ? undefined : { error }).trim().regex(ONE_LINE, SINGLE_LINE_MESSAGE);

/** Stored text for a one-line slot of an output format: each run of control characters becomes one space. */
export const toSingleLine = (value: string) => value.replace(CONTROL_RUNS, ' ').trim();

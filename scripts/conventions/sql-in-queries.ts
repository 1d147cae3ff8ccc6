// The rule "SQL lives in `<domain>.queries.ts`" (architecture.md point 3, decision 016): in worker/ and party/, only a
// `*.queries.ts` file imports a value from drizzle-orm or sends a statement through a database handle. The other
// modules keep the decisions and the order (a transaction that calls query functions with its `tx` is theirs).
// rules.ts runs it; this file holds what it looks for and its written-down exceptions.
import ts from 'typescript';

/** Where the rule looks, and the files it leaves alone. */
export const SQL_ROOTS = /^(worker|party)\//;
export const QUERIES_FILE = /\.queries\.ts$/;

/**
 * The names our database handles go by: `db` (drizzle over the request's connection, also `c.var.db`, `ctx.db`), `tx`
 * (a transaction), `http` (drizzle over Neon's HTTP endpoint, `db.http`, whose `batch` sends several statements in one
 * round trip), `database`. A method of anything else (`Map.delete`, `URLSearchParams.delete`, `hash.update`, a Hono
 * app's `.delete(path)`) is not SQL.
 */
export const DB_HANDLES = new Set(['db', 'tx', 'http', 'database']);

/** The query builder's methods that start or send a statement. `transaction` is not one: opening it is orchestration. */
export const STATEMENT_METHODS = new Set(['select', 'selectDistinct', 'selectDistinctOn', 'insert', 'update', 'delete', 'execute', 'batch']);

/**
 * Files outside `*.queries.ts` allowed to import drizzle-orm or send statements, each with its reason (decision 016).
 * An entry that no longer occurs is a violation, so the list can only shrink.
 */
export const SQL_EXCEPTIONS = new Map<string, string>([
  // Fragment builders: they return an `SQL` condition and send nothing; only queries files put them in a statement.
  ['worker/lib/search-condition.ts', 'builds the search condition (an SQL fragment) the event and mentor lists put in their WHERE'],
  ['worker/lib/iso-instant.ts', 'builds the ISO-8601 formatting of an instant (an SQL fragment) that queries select'],
  ['worker/consultation-slots/live-booking.ts', 'builds the "slot has a live booking" condition (an SQL fragment) the slot queries share'],
]);

/** A database handle: `db`, `tx`…, or a property of that name (`c.var.db`, `ctx.db`, `db.http`), or `<handle>.with(…)`. */
function isDbHandle(node: ts.Expression): boolean {
  if (ts.isIdentifier(node)) return DB_HANDLES.has(node.text);
  if (ts.isPropertyAccessExpression(node)) return DB_HANDLES.has(node.name.text);
  if (ts.isNonNullExpression(node) || ts.isParenthesizedExpression(node)) return isDbHandle(node.expression);
  // db.with(cte).select(…): a CTE in front of the statement
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'with') return isDbHandle(node.expression.expression);
  return false;
}

/** The statements a file's text starts or sends through a database handle, as `line: what`. */
export function sqlStatementLines(text: string, fileName = 'file.ts'): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const { name, expression: receiver } = node.expression;
      if (STATEMENT_METHODS.has(name.text) && isDbHandle(receiver)) found.push(`${at(node)}: .${name.text}(`);
      // db.query.<table>.findFirst / findMany: the relational query API
      if (
        (name.text === 'findFirst' || name.text === 'findMany') &&
        ts.isPropertyAccessExpression(receiver) &&
        ts.isPropertyAccessExpression(receiver.expression) &&
        receiver.expression.name.text === 'query' &&
        isDbHandle(receiver.expression.expression)
      ) {
        found.push(`${at(node)}: .query.${receiver.name.text}.${name.text}(`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// A string as a PostgreSQL literal for the simple-query round trips of the postgres engine
// (postgres.ts). The same text as pg's `escapeLiteral` (quotes doubled; with a backslash, the
// E'' form with backslashes doubled), built with two native replaces instead of one string
// concatenation per character: every row a mutation commits passes through it while the tenant's
// lock is held, and pg's loop took 7 µs for a 1 KB value (ADR 0275). A test compares the two.

export function sqlLiteral(value: string): string {
  const quoted = value.replace(/'/g, "''");
  return value.includes("\\") ? ` E'${quoted.replace(/\\/g, "\\\\")}'` : `'${quoted}'`;
}

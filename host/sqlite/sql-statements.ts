// Splits SQLite SQL text into statements without executing it, so a migration file can be
// inspected before it runs: quoted strings and identifiers ('', "", ``, []), line and block
// comments, and CREATE TRIGGER bodies (BEGIN ... END, with CASE ... END inside) are respected.

export interface SqlStatement {
  text: string;
  /** Leading keywords, uppercased: ["CREATE", "TABLE", ...] (comments and quotes skipped). */
  keywords: string[];
}

const WORD = /[A-Za-z0-9_$\u0080-\uffff]/;

export function splitSqlStatements(sql: string): SqlStatement[] {
  const out: SqlStatement[] = [];
  let start = 0;
  let words: string[] = [];
  let trigger = false;
  let depth = 0;
  let i = 0;
  const finish = (end: number) => {
    const text = sql.slice(start, end).trim();
    if (words.length > 0) out.push({ text, keywords: words.slice(0, 4) });
    start = end + 1;
    words = [];
    trigger = false;
    depth = 0;
  };
  while (i < sql.length) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (c === "-" && next === "-") {
      const nl = sql.indexOf("\n", i);
      i = nl === -1 ? sql.length : nl + 1;
    } else if (c === "/" && next === "*") {
      const close = sql.indexOf("*/", i + 2);
      i = close === -1 ? sql.length : close + 2;
    } else if (c === "'" || c === '"' || c === "`" || c === "[") {
      const closer = c === "[" ? "]" : c;
      let j = i + 1;
      for (;;) {
        const k = sql.indexOf(closer, j);
        if (k === -1) { j = sql.length; break; }
        if (closer !== "]" && sql[k + 1] === closer) { j = k + 2; continue; }
        j = k + 1;
        break;
      }
      if (words.length === 0) words.push("<quoted>");
      i = j;
    } else if (WORD.test(c)) {
      let j = i;
      while (j < sql.length && WORD.test(sql[j]!)) j++;
      const word = sql.slice(i, j).toUpperCase();
      words.push(word);
      if (words.length <= 3 && word === "TRIGGER" && words[0] === "CREATE") trigger = true;
      if (trigger) {
        if (word === "BEGIN" || word === "CASE") depth++;
        else if (word === "END") depth = Math.max(0, depth - 1);
      }
      i = j;
    } else if (c === ";" && depth === 0) {
      finish(i);
      i++;
    } else {
      if (!/\s/.test(c) && words.length === 0) words.push(c);
      i++;
    }
  }
  finish(sql.length);
  return out;
}

export const TRANSACTION_CONTROL = new Set(["BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"]);

/** The first statement that would start, end or nest a transaction, if any. */
export function transactionControlStatement(sql: string): { index: number; keyword: string } | undefined {
  const statements = splitSqlStatements(sql);
  for (let i = 0; i < statements.length; i++) {
    const keyword = statements[i]!.keywords[0] ?? "";
    if (TRANSACTION_CONTROL.has(keyword)) return { index: i, keyword };
  }
  return undefined;
}

// sqlLiteral (host/store/postgres-literal.ts) writes exactly what pg's escapeLiteral writes, for
// every string: quotes, backslashes, both, neither, astral characters and control characters.

import pg from "pg";
import { describe, expect, it } from "vitest";
import { sqlLiteral } from "../../../host/store/postgres-literal.js";

describe("sqlLiteral", () => {
  it("equals pg's escapeLiteral on chosen and generated strings", () => {
    const chosen = ["", "'", "\\", "''", "\\\\", "a'b\\c", " E'x'", 'it\'s \\ "quoted" $1 $$ \u00e9\u{1F600}\n\t', "\\'", "'\\"];
    const alphabet = ["'", "\\", "a", "$", "\u00e9", "\u{1F600}", "\n", '"', "E", " "];
    let x = 11;
    const generated = Array.from({ length: 2000 }, () => {
      let text = "";
      const length = (x = (x * 1103515245 + 12345) % 2147483648) % 12;
      for (let i = 0; i < length; i++) text += alphabet[(x = (x * 1103515245 + 12345) % 2147483648) % alphabet.length];
      return text;
    });
    for (const text of [...chosen, ...generated]) expect(sqlLiteral(text)).toBe(pg.escapeLiteral(text));
  });
});

// Turns Terraform's boxed diagnostics ("╷ │ Error: ... ╵") into one readable line.

import { oneLine } from "../lib/figure.js";

export function terraformError(stderr: string, stdout = ""): string {
  const lines = `${stderr}\n${stdout}`
    .split(/\r?\n/)
    .map((l) => l.replace(/^[\s│╷╵]+/, "").trim())
    .filter((l) => l !== "");
  const at = lines.findIndex((l) => l.startsWith("Error:"));
  if (at < 0) return oneLine(lines.join(" ") || "(no output)", 400);
  // The FIRST diagnostic's summary and body (count = N repeats it N times), without its
  // "with ..."/"on ..." pointers and the numbered source lines Terraform quotes.
  const next = lines.findIndex((l, i) => i > at && l.startsWith("Error:"));
  const body = lines.slice(at, next < 0 ? undefined : next).filter((l) => !/^(with|on) /.test(l) && !/^\d+:/.test(l));
  return oneLine(body.join(" "), 700);
}

// Turns Terraform's boxed diagnostics ("╷ │ Error: ... ╵") into one readable line.

import { oneLine } from "../lib/figure.js";

export function terraformError(stderr: string, stdout = ""): string {
  const lines = `${stderr}\n${stdout}`
    .split(/\r?\n/)
    .map((l) => l.replace(/^[\s│╷╵]+/, "").trim())
    .filter((l) => l !== "");
  const at = lines.findIndex((l) => l.startsWith("Error:"));
  if (at < 0) return oneLine(lines.join(" ") || "(no output)", 400);
  // The diagnostic's summary and body, without its "with ..."/"on ..." source pointers.
  const body = lines.slice(at).filter((l) => !/^(with|on) /.test(l));
  return oneLine(body.join(" "), 400);
}

// What the demo shows when cdktf fails: terraform's diagnostics whole (summary, the resource, and
// the detail with the host's message, request id and repair sentence), not only the lines that
// happen to contain "Error". cdktf prefixes each line with the stack name and frames diagnostics
// in box-drawing characters; both are removed.

const MAX_LINES = 40;

/** One line without cdktf's stack prefix and terraform's diagnostic frame. */
function plain(line: string): string {
  return line
    .replace(/^\s*edge-app\s{1,}/, "")
    .replace(/^\s*[│╷╵]\s?/, "")
    .trimEnd();
}

/** The "Error: ..." diagnostics of a cdktf/terraform run, each with its detail, at most 40 lines. */
export function failureSummary(output: string): string[] {
  const lines = output.split("\n").map(plain);
  const out: string[] = [];
  let inError = false;
  let blanks = 0;
  for (const line of lines) {
    if (/^Error: /.test(line)) {
      if (out.length > 0) out.push("");
      inError = true;
      blanks = 0;
      out.push(line);
      continue;
    }
    if (!inError) continue;
    if (/^(Warning: |Planning failed|Apply failed|Error: )/.test(line)) {
      inError = false;
      continue;
    }
    if (line === "") {
      // Terraform separates the location, the detail and the next diagnostic by one blank line each.
      if (++blanks > 2) inError = false;
      else out.push(line);
      continue;
    }
    blanks = 0;
    out.push(line);
  }
  const trimmed = out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .split("\n");
  if (trimmed.length === 1 && trimmed[0] === "") return lines.filter((l) => /error/i.test(l)).slice(0, 12);
  return trimmed.length > MAX_LINES ? [...trimmed.slice(0, MAX_LINES), "..."] : trimmed;
}

/** "1 resource", "2 resources". */
export function resourceCount(n: number): string {
  return `${n} resource${n === 1 ? "" : "s"}`;
}

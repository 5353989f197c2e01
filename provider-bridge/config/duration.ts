// Timeouts are written as Go-style durations, as Terraform users know them
// from other providers: "30s", "5m", "1h30m", "250ms".

const PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/y;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds, or undefined when the text is not a positive duration. */
export function parseDuration(text: string): number | undefined {
  if (text === "") return undefined;
  let total = 0;
  PART.lastIndex = 0;
  while (PART.lastIndex < text.length) {
    const at = PART.lastIndex;
    const m = PART.exec(text);
    if (!m || m.index !== at) return undefined;
    total += Number(m[1]) * UNIT_MS[m[2]!]!;
  }
  return total > 0 && Number.isFinite(total) ? Math.round(total) : undefined;
}

// Character and number helpers of the I-JSON decoder (ijson.ts).

/**
 * True iff an integer literal names the double it parses to: either the double's exact value or
 * its shortest round-trip decimal (what JSON.stringify writes, e.g. 41990644189727050).
 */
export function denotesDouble(literal: string, value: number): boolean {
  const written = BigInt(literal);
  if (written === BigInt(value)) return true;
  const shortest = String(Math.abs(value));
  let digits: bigint;
  const e = shortest.indexOf("e");
  if (e < 0) {
    digits = BigInt(shortest);
  } else {
    const mantissa = shortest.slice(0, e);
    const dot = mantissa.indexOf(".");
    const fraction = dot < 0 ? 0 : mantissa.length - dot - 1;
    digits = BigInt(mantissa.replace(".", "")) * 10n ** BigInt(Number(shortest.slice(e + 1)) - fraction);
  }
  return written === (value < 0 ? -digits : digits);
}

export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

export function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

export function describeChar(c: number): string {
  return `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
}

export function nonCharacterMessage(codePoint: number): string {
  return `Unicode noncharacter ${describeChar(codePoint)} in string; I-JSON forbids noncharacters`;
}

export function abbreviate(literal: string): string {
  return literal.length > 40 ? literal.slice(0, 37) + "..." : literal;
}

// RFC 6901 JSON Pointer helpers for relation patterns, where "*" stands for any array element or
// object member: "/versions/*/workerVersion" expands to "/versions/0/workerVersion", ...

export type PointerToken = string | number;

export function escapeToken(token: PointerToken): string {
  return String(token).replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapeToken(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

export function formatPointer(tokens: readonly PointerToken[]): string {
  return tokens.map((t) => "/" + escapeToken(t)).join("");
}

export function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new SyntaxError(`not a JSON pointer: ${JSON.stringify(pointer)}`);
  return pointer.slice(1).split("/").map(unescapeToken);
}

export interface PatternMatch {
  pointer: string;
  value: unknown;
}

const INDEX = /^(0|[1-9][0-9]*)$/;

/** Every present location matching the pattern, in document order. Absent locations are skipped. */
export function matchPattern(document: unknown, pattern: string): PatternMatch[] {
  const tokens = parsePointer(pattern);
  const out: PatternMatch[] = [];
  const walk = (value: unknown, depth: number, at: PointerToken[]): void => {
    if (depth === tokens.length) {
      out.push({ pointer: formatPointer(at), value });
      return;
    }
    const token = tokens[depth] as string;
    if (Array.isArray(value)) {
      if (token === "*") value.forEach((element, i) => walk(element, depth + 1, [...at, i]));
      else if (INDEX.test(token) && Number(token) < value.length) walk(value[Number(token)], depth + 1, [...at, Number(token)]);
    } else if (value !== null && typeof value === "object") {
      const record = value as Record<string, unknown>;
      if (token === "*") for (const key of Object.keys(record)) walk(record[key], depth + 1, [...at, key]);
      else if (Object.prototype.hasOwnProperty.call(record, token)) walk(record[token], depth + 1, [...at, token]);
    }
  };
  walk(document, 0, []);
  return out;
}

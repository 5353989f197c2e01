// JSON Pointer (RFC 6901) helpers, including relation patterns where "*" stands for any array
// element (or map member): "/versions/*/workerVersion".

export type PointerToken = string | number;

export function escapeToken(token: PointerToken): string {
  return String(token).replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapeToken(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Formats tokens as a pointer ("" for the root). */
export function formatPointer(tokens: readonly PointerToken[]): string {
  let out = "";
  for (const token of tokens) out += "/" + escapeToken(token);
  return out;
}

/** Splits a pointer into unescaped tokens. Throws on a pointer not starting with "/" (other than ""). */
export function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new SyntaxError(`invalid JSON pointer ${JSON.stringify(pointer)}: must be empty or start with "/"`);
  return pointer.slice(1).split("/").map(unescapeToken);
}

/** Value at an exact pointer, or undefined when any step is absent. */
export function getAtPointer(document: unknown, pointer: string): unknown {
  let current: unknown = document;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      current = current[Number(token)];
    } else if (current !== null && typeof current === "object" && Object.prototype.hasOwnProperty.call(current, token)) {
      current = (current as Record<string, unknown>)[token];
    } else {
      return undefined;
    }
  }
  return current;
}

export interface PointerMatch {
  /** The concrete pointer, e.g. "/versions/0/workerVersion". */
  pointer: string;
  value: unknown;
}

/**
 * Every concrete location in `document` matching a pattern pointer; a "*" token matches each
 * element of an array (or each member of an object). Absent locations are skipped, so
 * "/versions/*\/workerVersion" over {versions:[{workerVersion:A},{workerVersion:B}]} yields
 * /versions/0/workerVersion and /versions/1/workerVersion, in document order.
 */
export function matchPointerPattern(document: unknown, pattern: string): PointerMatch[] {
  const tokens = parsePointer(pattern);
  const out: PointerMatch[] = [];
  const walk = (value: unknown, index: number, at: PointerToken[]): void => {
    if (index === tokens.length) {
      out.push({ pointer: formatPointer(at), value });
      return;
    }
    const token = tokens[index] as string;
    if (Array.isArray(value)) {
      if (token === "*") {
        value.forEach((element, i) => walk(element, index + 1, [...at, i]));
      } else if (/^(0|[1-9][0-9]*)$/.test(token) && Number(token) < value.length) {
        walk(value[Number(token)], index + 1, [...at, Number(token)]);
      }
    } else if (value !== null && typeof value === "object") {
      const record = value as Record<string, unknown>;
      if (token === "*") {
        for (const key of Object.keys(record)) walk(record[key], index + 1, [...at, key]);
      } else if (Object.prototype.hasOwnProperty.call(record, token)) {
        walk(record[token], index + 1, [...at, token]);
      }
    }
  };
  walk(document, 0, []);
  return out;
}

/** True iff a concrete pointer is an instance of a pattern ("*" matches any single token). */
export function pointerMatchesPattern(pointer: string, pattern: string): boolean {
  const a = parsePointer(pointer);
  const b = parsePointer(pattern);
  return a.length === b.length && b.every((token, i) => token === "*" || token === a[i]);
}

// Reading JSON documents of the corpus from disk, raw-first: every document must be I-JSON
// (parseIJson) and must not contain negative zero, which RFC 8785 would silently rewrite to 0.

import { readFileSync } from "node:fs";
import { parseIJson } from "./ijson.js";
import { formatPointer } from "./json-pointer.js";

export type JsonFileResult = { ok: true; value: unknown; bytes: Buffer } | { ok: false; problem: string; bytes?: Buffer };

/** Reads and decodes one JSON file; `label` names it in the problem message. */
export function readJsonFile(file: string, label: string = file): JsonFileResult {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    return { ok: false, problem: `${label}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  }
  return decodeJsonBytes(bytes, label);
}

/** Decodes bytes already read; see readJsonFile. */
export function decodeJsonBytes(bytes: Buffer, label: string): JsonFileResult {
  const parsed = parseIJson(bytes);
  if (!parsed.ok) return { ok: false, problem: `${label}: not I-JSON: ${parsed.message}`, bytes };
  const negativeZero = findNegativeZero(parsed.value, []);
  if (negativeZero !== undefined) {
    return { ok: false, problem: `${label}: not canonicalizable: ${formatPointer(negativeZero) || "document root"}: negative zero is not allowed`, bytes };
  }
  return { ok: true, value: parsed.value, bytes };
}

/** Path of the first -0 in a JSON value, or undefined. */
export function findNegativeZero(value: unknown, at: (string | number)[]): (string | number)[] | undefined {
  if (typeof value === "number") return Object.is(value, -0) ? at : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNegativeZero(value[i], [...at, i]);
      if (found) return found;
    }
  } else if (value !== null && typeof value === "object") {
    for (const [key, member] of Object.entries(value)) {
      const found = findNegativeZero(member, [...at, key]);
      if (found) return found;
    }
  }
  return undefined;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

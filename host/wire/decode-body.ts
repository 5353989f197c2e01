// Raw-first I-JSON decoding of a request body (Shared wire rules): duplicate member names,
// invalid UTF-8, lone surrogates, numbers outside binary64, excessive nesting and trailing data
// are invalid_argument before any typed decoding.

import { parseIJson } from "../../corpus/lib/index.js";
import { refuse } from "../errors.js";

export function decodeDocument(body: Buffer): unknown {
  if (body.length === 0) throw refuse.invalid_argument("the request requires a JSON body");
  const decoded = parseIJson(body);
  if (!decoded.ok) throw refuse.invalid_argument(`the request body is not I-JSON: ${decoded.message}`);
  return decoded.value;
}

/** Namespacing space of a mutation body, read leniently so a replay can be found before validation. */
export function bodySpace(document: unknown): string {
  if (typeof document !== "object" || document === null) return "";
  const metadata = (document as Record<string, unknown>).metadata;
  if (typeof metadata !== "object" || metadata === null) return "";
  const space = (metadata as Record<string, unknown>).space;
  return typeof space === "string" ? space : "";
}

export function requireEmptyBody(body: Buffer, action: string): void {
  if (body.length !== 0) throw refuse.invalid_argument(`${action} carries an empty body`);
}

// The listing cursor: the position after the last resource of a page, as the part of its store
// key below the tenant (space/apiVersion/kind/name, each percent-encoded; keys.ts), in base64url.
// It carries no tenant: a page always continues inside the caller's own tenant prefix, so a
// cursor from another tenant only names a position, never anything that tenant holds.

import type { HostError } from "../errors.js";
import { badCursor } from "./query.js";

const COMPONENT = /^(?:[A-Za-z0-9\-_.!~*'()]|%[0-9A-F]{2})+$/;

export function encodeCursor(keySuffix: string): string {
  return Buffer.from(keySuffix, "utf8").toString("base64url");
}

/** The key suffix a cursor names, or the refusal naming the cursor parameter. */
export function decodeCursor(cursor: string, space: string | undefined): string | HostError {
  if (!/^[A-Za-z0-9_-]{1,2048}$/.test(cursor)) return badCursor("is not a cursor this host issued (base64url text of at most 2048 characters)");
  const suffix = Buffer.from(cursor, "base64url").toString("utf8");
  const components = suffix.split("/");
  if (components.length !== 4 || !components.every((part) => COMPONENT.test(part) && decodes(part))) {
    return badCursor("is not a cursor this host issued");
  }
  if (space !== undefined && components[0] !== encodeURIComponent(space)) {
    return badCursor("continues a listing of another space");
  }
  return suffix;
}

function decodes(part: string): boolean {
  try {
    decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
}

// RFC 7240 Prefer: a client that sends `respond-async` asks for 202 with an Operation envelope
// on the mutations that may answer so (create, update, delete, import, artifact commit).
// Preference tokens are case-insensitive and may carry parameters after ';'.

import type { Request } from "express";

export function prefersRespondAsync(req: Request): boolean {
  const raw = req.headers["prefer"];
  const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  for (const value of values) {
    for (const preference of value.split(",")) {
      const token = preference.split(";")[0]?.split("=")[0]?.trim().toLowerCase();
      if (token === "respond-async") return true;
    }
  }
  return false;
}

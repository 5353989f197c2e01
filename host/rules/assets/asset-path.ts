// Runtime asset lookup (decision 0033): the URL pathname maps to a manifest path as one closed
// operation. Query and fragment are ignored; the escaped pathname is percent-decoded ONCE as strict
// UTF-8 and exactly one leading "/" is removed. Encoded "/" or "\", raw backslashes, empty or
// repeated segments, dot segments, controls, noncharacters, malformed escapes and invalid UTF-8
// make the path INVALID: it fails closed and never enters SPA fallback. A valid path must also
// match the artifact path grammar. A valid miss is a miss under "none" and index.html under
// "single_page_application"; "/" is the canonical empty-path miss.

import { artifactPathProblem } from "../artifacts/relative-path.js";
import { SPA_INDEX } from "./spa-index.js";

export type NotFoundHandling = "none" | "single_page_application";

export type AssetResolution = { kind: "hit"; path: string } | { kind: "fallback"; path: string } | { kind: "miss" } | { kind: "invalid"; reason: string };

export function resolveAssetPath(pathname: string, has: (path: string) => boolean, notFoundHandling: NotFoundHandling): AssetResolution {
  const decoded = decodeAssetPath(pathname);
  if (typeof decoded !== "string") return decoded;
  if (decoded !== "" && has(decoded)) return { kind: "hit", path: decoded };
  if (notFoundHandling === "single_page_application" && has(SPA_INDEX)) return { kind: "fallback", path: SPA_INDEX };
  return { kind: "miss" };
}

/** The manifest path a pathname names ("" for the root), or why it is invalid. */
export function decodeAssetPath(pathname: string): string | { kind: "invalid"; reason: string } {
  const invalid = (reason: string) => ({ kind: "invalid" as const, reason });
  const cut = pathname.search(/[?#]/);
  const escaped = cut === -1 ? pathname : pathname.slice(0, cut);
  if (!escaped.startsWith("/")) return invalid("the pathname does not start with /");
  const bytes: number[] = [];
  for (let i = 0; i < escaped.length; i++) {
    const c = escaped.charCodeAt(i);
    if (c === 0x25) {
      const hex = escaped.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return invalid(`malformed percent escape at offset ${i}`);
      const byte = parseInt(hex, 16);
      if (byte === 0x2f || byte === 0x5c) return invalid(`encoded ${byte === 0x2f ? "/" : "\\"} at offset ${i}`);
      bytes.push(byte);
      i += 2;
    } else if (c === 0x5c) {
      return invalid(`backslash at offset ${i}`);
    } else if (c < 0x21 || c > 0x7e) {
      return invalid(`unescaped character U+${c.toString(16).toUpperCase().padStart(4, "0")} at offset ${i}`);
    } else {
      bytes.push(c);
    }
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(new Uint8Array(bytes));
  } catch {
    return invalid("the decoded pathname is not valid UTF-8");
  }
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return invalid(`control character U+${cp.toString(16).toUpperCase().padStart(4, "0")}`);
    if ((cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe) return invalid(`noncharacter U+${cp.toString(16).toUpperCase()}`);
  }
  const path = text.slice(1);
  if (path === "") return "";
  const segments = path.split("/");
  if (segments.some((s) => s === "")) return invalid("empty or repeated path segment");
  if (segments.some((s) => s === "." || s === "..")) return invalid("dot segment");
  const problem = artifactPathProblem(path);
  if (problem !== undefined) return invalid(`not a manifest path: ${problem}`);
  return path;
}

// Decodes one ES module's bytes (strict UTF-8) and parses it with acorn as a module of the latest
// ECMAScript edition. A module that does not decode or does not parse is reported, never guessed at.

import { parse, type Program } from "acorn";

export type ParsedModule = { ok: true; program: Program; text: string } | { ok: false; reason: "encoding" | "syntax"; message: string };

export function parseModule(source: string | Uint8Array): ParsedModule {
  let text: string;
  if (typeof source === "string") {
    text = source;
  } else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(source);
    } catch {
      return { ok: false, reason: "encoding", message: "module bytes are not valid UTF-8" };
    }
  }
  try {
    const program = parse(text, { ecmaVersion: "latest", sourceType: "module", allowHashBang: true });
    return { ok: true, program, text };
  } catch (error) {
    return { ok: false, reason: "syntax", message: `module does not parse: ${(error as Error).message}` };
  }
}

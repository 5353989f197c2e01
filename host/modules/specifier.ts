// Resolves an import specifier against the importing module's name inside one bundle. Only
// relative specifiers ("./x.js", "../lib/x.js") name bundle modules; anything else is outside
// what the bundle alone can answer.

import path from "node:path";

export function resolveSpecifier(importer: string, specifier: string): string | undefined {
  if (!specifier.startsWith("./") && !specifier.startsWith("../")) return undefined;
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(importer), specifier));
  if (joined.startsWith("../") || joined === ".." || joined.startsWith("/")) return undefined;
  return joined;
}

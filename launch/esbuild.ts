// esbuild, which builds the bundles, comes with the dev dependencies: an installation without it
// runs from the compiled modules.
import { createRequire } from "node:module";
import { join } from "node:path";

export type Esbuild = typeof import("esbuild");

/** The esbuild of the installation at `root`, or undefined when it has none. */
export function loadEsbuild(root: string): Esbuild | undefined {
  try {
    return createRequire(join(root, "package.json"))("esbuild") as Esbuild;
  } catch {
    return undefined;
  }
}

// `takoform host --help` lists every flag the option parser accepts, in the usage synopsis and
// with a description line: a flag added to host/options.ts without its help fails here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOST_USAGE } from "../../../host/options.js";
import { repoRoot } from "./harness.js";

const source = readFileSync(path.join(repoRoot, "host", "options.ts"), "utf8");
const accepted = [...source.matchAll(/case "(--[a-z-]+)"/g)].map((m) => m[1]!);
const [synopsis, , ...rest] = HOST_USAGE.split("\n\n");
const described = rest
  .join("\n")
  .split("\n")
  .map((l) => /^ {2}(--[a-z-]+)/.exec(l)?.[1])
  .filter((f) => f !== undefined);

describe("takoform host --help", () => {
  it("reads the flags the parser accepts", () => {
    expect(accepted.length).toBeGreaterThanOrEqual(11);
  });

  it.each(accepted)("lists %s in the synopsis and describes it", (flag) => {
    expect(synopsis).toContain(`[${flag}`);
    expect(described).toContain(flag);
  });
});

// takoform codegen [--out DIR] [--corpus DIR] [--check]
// Regenerates generated/ from the Form Packages, or (--check) fails listing every file that a
// fresh regeneration would change, add or remove.

import path from "node:path";
import { parseArgs } from "node:util";
import { repoRoot } from "../../corpus/lib/index.js";
import { defaultCorpusDir, runCodegen } from "../../codegen/run.js";
import type { Subcommand } from "../main.js";

const USAGE = "usage: takoform codegen [--out DIR] [--corpus DIR] [--check]";

const command: Subcommand = {
  summary: "generate the provider schema, TypeScript types, CDKTF classes and docs from the Form Packages",
  async run(args) {
    let values: { out?: string; corpus?: string; check?: boolean; help?: boolean };
    try {
      values = parseArgs({
        args,
        options: {
          out: { type: "string" },
          corpus: { type: "string" },
          check: { type: "boolean" },
          help: { type: "boolean", short: "h" },
        },
      }).values;
    } catch (err) {
      console.error(`takoform codegen: ${(err as Error).message}\n${USAGE}`);
      return 2;
    }
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    const outDir = path.resolve(values.out ?? path.join(repoRoot(), "generated"));
    const corpusDir = path.resolve(values.corpus ?? defaultCorpusDir());
    let result;
    try {
      result = await runCodegen(corpusDir);
    } catch (err) {
      console.error(`takoform codegen: ${(err as Error).message}`);
      return 1;
    }
    const { output, model } = result;
    if (values.check) {
      const diff = output.check(outDir);
      const lines = [...diff.changed.map((p) => `  changed  ${p}`), ...diff.missing.map((p) => `  missing  ${p}`), ...diff.extra.map((p) => `  extra    ${p}`)];
      if (lines.length > 0) {
        console.error(`takoform codegen --check: ${lines.length} file(s) in ${outDir} differ from a fresh regeneration:`);
        console.error(lines.join("\n"));
        console.error("run `takoform codegen` and commit the result");
        return 1;
      }
      console.log(`takoform codegen --check: ${output.paths().length} files up to date (${model.resources.length} resource types)`);
      return 0;
    }
    const { written, removed } = output.write(outDir);
    console.log(
      `takoform codegen: ${written} files in ${outDir} (${model.resources.length} resource types)${removed.length ? `, removed ${removed.length} stale` : ""}`,
    );
    return 0;
  },
};
export default command;

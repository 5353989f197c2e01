// Runs @cdktf/provider-generator over one provider schema file, in a process of its own:
// @cdktf/commons spawns `terraform version` the moment it is loaded and prints whatever that
// says, so the generator is kept out of the codegen process.
// Usage: node run-generator.cjs <schema.json> <outdir>
"use strict";
const { readFileSync } = require("node:fs");
const path = require("node:path");
const { TerraformProviderGenerator } = require("@cdktf/provider-generator/lib/get/generator/provider-generator");
// codemaker is the generator's own dependency: resolve it from there, not from the project.
const generatorDir = path.dirname(require.resolve("@cdktf/provider-generator/package.json"));
const { CodeMaker } = require(require.resolve("codemaker", { paths: [generatorDir] }));

const [schemaPath, outDir] = process.argv.slice(2);
if (!schemaPath || !outDir) {
  process.stderr.write("usage: run-generator.cjs <schema.json> <outdir>\n");
  process.exit(2);
}
const schema = JSON.parse(readFileSync(schemaPath, "utf8"));
const code = new CodeMaker();
new TerraformProviderGenerator(code, schema).generateAll();
code.save(outDir).then(
  () => {
    process.stdout.write("ok\n");
    process.exit(0);
  },
  (err) => {
    process.stderr.write(String(err && err.stack ? err.stack : err) + "\n");
    process.exit(1);
  },
);

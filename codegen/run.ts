// The codegen pipeline: load -> model -> every emitter -> one in-memory OutputSet.
// Nothing is written here; the caller writes or checks the set.

import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../corpus/lib/index.js";
import { emitCdktf } from "./emit/cdktf/emit.js";
import { emitDocs, emitRegistryExamples } from "./emit/docs/emit.js";
import { emitProviderModel } from "./emit/provider-model/emit.js";
import { emitProviderSchema } from "./emit/provider-schema/emit.js";
import { emitFormTypes, emitTypesIndex, versionFile } from "./emit/types/emit.js";
import { emitGeneratedReadme } from "./emit/readme.js";
import { emitWireTypes } from "./emit/wire/emit.js";
import type { ProviderModel } from "./model/types.js";
import { loadForms, type LoadedForm } from "./parse/load.js";
import { buildProviderModel } from "./parse/provider.js";
import { OutputSet } from "./writer.js";

export interface CodegenResult {
  model: ProviderModel;
  forms: LoadedForm[];
  output: OutputSet;
}

/** The default input: our corpus's Form Packages. */
export function defaultCorpusDir(): string {
  return path.join(repoRoot(), "corpus", "forms");
}

/** The provider version recorded in the model: the project's package version. */
export function projectVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot(), "package.json"), "utf8")) as { version: string };
  return pkg.version;
}

export async function runCodegen(corpusDir: string = defaultCorpusDir()): Promise<CodegenResult> {
  const forms = loadForms(corpusDir);
  const model = buildProviderModel(forms, projectVersion());
  const output = new OutputSet();
  const schemaJson = emitProviderSchema(model);
  output.add("README.md", emitGeneratedReadme());
  output.add("provider/schema.json", schemaJson);
  output.add("provider/model.ts", emitProviderModel(model));
  const [typeFiles, cdktfFiles, wireTypes] = await Promise.all([
    Promise.all(forms.map(async (f) => [versionFile(f.ref), await emitFormTypes(f)] as const)),
    emitCdktf(schemaJson, projectVersion(), model.resources),
    emitWireTypes(),
  ]);
  for (const [file, text] of typeFiles) output.add(`types/${file}`, text);
  output.add("types/index.ts", emitTypesIndex(model, forms));
  for (const [file, text] of cdktfFiles) output.add(`cdktf/${file}`, text);
  for (const [file, text] of emitDocs(model, forms)) output.add(`docs/${file}`, text);
  for (const [file, text] of emitRegistryExamples(model, forms)) output.add(`examples/${file}`, text);
  output.add("wire/host-api.ts", wireTypes);
  return { model, forms, output };
}

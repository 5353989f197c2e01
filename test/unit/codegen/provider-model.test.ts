// provider/model.ts: the committed literal is the model codegen builds from the corpus, and its
// declarations are the codegen model types (assignable both ways: a compile-time check run by
// `npm run typecheck`, and a runtime equality here).
import { describe, expect, it } from "vitest";
import { providerModel as committed, type ProviderModel as EmittedModel } from "../../../generated/provider/model.js";
import type { ProviderModel as CodegenModel } from "../../../codegen/model/types.js";
import { loadForms } from "../../../codegen/parse/load.js";
import { buildProviderModel } from "../../../codegen/parse/provider.js";
import { projectVersion } from "../../../codegen/run.js";
import { corpusFormsDir } from "./helpers.js";

describe("generated/provider/model.ts", () => {
  const fresh: CodegenModel = buildProviderModel(loadForms(corpusFormsDir), projectVersion());

  it("equals the model built from the corpus now", () => {
    const asEmitted: EmittedModel = fresh;
    const asCodegen: CodegenModel = committed;
    expect(asCodegen).toEqual(asEmitted);
  });

  it("names the provider source and every resource type", () => {
    expect(committed.source).toBe("registry.terraform.io/takoform/takoform");
    expect(committed.resources.map((r) => r.typeName)).toContain("takoform_worker_version");
    for (const r of committed.resources) {
      expect(r.supportedRefs).toContainEqual(r.defaultRef);
      for (const ref of r.supportedRefs) expect(r.capabilities[ref.definitionVersion]).toEqual(expect.arrayContaining(["create", "read", "delete"]));
    }
  });
});

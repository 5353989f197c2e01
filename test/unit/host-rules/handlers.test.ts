import { describe, expect, it } from "vitest";
import { declaredHandlersInVocabulary, runtimeHandlerVocabulary } from "../../../host/rules/worker-aggregate/handler-vocabulary.js";
import { declaredHandlersExported } from "../../../host/rules/worker-aggregate/handler-exports.js";
import { analyzeBundleHandlers, analyzeModuleHandlers } from "../../../host/modules/export-analysis.js";
import { bundleSource } from "../../../host/modules/bundle-source.js";
import { fileDigest } from "../../../corpus/lib/index.js";
import { conformanceRunnerInput, interfaceDefinition } from "./support/reference.js";
import { describeWithReference } from "../../support/reference.js";

describe("handler vocabulary (undeclared-runtime-handler-rejected)", () => {
  const vocabulary = runtimeHandlerVocabulary(interfaceDefinition("worker.runtime").definition)!;

  it("is read from the worker.runtime contract's loadModule declaredHandlers enum", () => {
    expect(vocabulary).toEqual(["fetch", "scheduled", "queue"]);
  });

  it("refuses a handler outside the vocabulary, naming its pointer", () => {
    const out = declaredHandlersInVocabulary({ handlers: ["fetch", "tail"] }, vocabulary);
    expect(out).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/handlers/1" });
    if (!out.ok) expect(out.message).toContain('"tail"');
  });

  it("accepts a version declaring only defined handlers", () => {
    expect(declaredHandlersInVocabulary({ handlers: ["fetch", "scheduled", "queue"] }, vocabulary)).toEqual({ ok: true });
  });

  it("has no vocabulary when the runtime definition states none", () => {
    expect(runtimeHandlerVocabulary({ apiVersion: "x", kind: "InterfaceDefinition", name: "n", version: "1", operations: [] })).toBeUndefined();
  });
});

describeWithReference("declared handlers must be exported (declared-handler-not-exported-rejected)", () => {
  const input = conformanceRunnerInput();
  const fetchOnly = input["fetchOnlyBundle"] as {
    moduleSource: string;
    manifest: { mainModule: string; modules: { name: string; mediaType: string; digest: string }[] };
  };

  it("refuses scheduled against the corpus-pinned fetch-only bundle, read through its manifest and blob digest", () => {
    const blobs = new Map([[fileDigest(fetchOnly.moduleSource), new TextEncoder().encode(fetchOnly.moduleSource)]]);
    expect(fetchOnly.manifest.modules[0]!.digest).toBe(fileDigest(fetchOnly.moduleSource));
    const report = analyzeBundleHandlers(bundleSource(fetchOnly.manifest, (d) => blobs.get(d)));
    const out = declaredHandlersExported({ handlers: ["fetch", "scheduled"] }, fetchOnly.manifest.mainModule, report);
    expect(out).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/handlers/1" });
    if (!out.ok) expect(out.message).toMatch(/fetch-only\.js does not export handler "scheduled"/);
    expect(declaredHandlersExported({ handlers: ["fetch"] }, fetchOnly.manifest.mainModule, report)).toEqual({ ok: true });
  });

  it("works on any uploaded module, not only pinned ones", () => {
    const report = analyzeModuleHandlers(`const w = { async queue(b) {} };\nexport { w as default };`);
    expect(declaredHandlersExported({ handlers: ["queue"] }, "m.js", report)).toEqual({ ok: true });
    expect(declaredHandlersExported({ handlers: ["queue", "fetch"] }, "m.js", report)).toMatchObject({ ok: false, pointer: "/handlers/1" });
  });

  it("explains a class default export and a non-callable member", () => {
    const cls = declaredHandlersExported({ handlers: ["fetch"] }, "m.js", analyzeModuleHandlers(`export default class { fetch() {} }`));
    expect(cls.ok).toBe(false);
    if (!cls.ok) expect(cls.message).toMatch(/is a class.*instance method/);
    const num = declaredHandlersExported({ handlers: ["fetch"] }, "m.js", analyzeModuleHandlers(`export default { fetch: 1 }`));
    if (!num.ok) expect(num.message).toMatch(/not callable/);
    expect(num.ok).toBe(false);
  });

  it("refuses a handler it cannot establish in an unanalyzable module, with the analysis' reason", () => {
    const out = declaredHandlersExported({ handlers: ["fetch"] }, "m.js", analyzeModuleHandlers(`const app = makeApp();\nexport default app;`));
    expect(out).toMatchObject({ ok: false, code: "invalid_argument" });
    if (!out.ok) expect(out.message).toMatch(/cannot be analyzed statically.*CallExpression/);
  });

  it("accepts what an incomplete analysis still proves", () => {
    const report = analyzeModuleHandlers(`const w = { fetch() {} };\nw.extra = 1;\nexport default w;`);
    expect(report.analyzable).toBe(false);
    expect(declaredHandlersExported({ handlers: ["fetch"] }, "m.js", report)).toEqual({ ok: true });
  });
});

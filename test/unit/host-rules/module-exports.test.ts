import { describe, expect, it } from "vitest";
import { analyzeBundleHandlers, analyzeModuleHandlers } from "../../../host/modules/export-analysis.js";
import { conformanceRunnerInput } from "./support/reference.js";
import { itWithReference } from "../../support/reference.js";

const bundle = (modules: Record<string, string>, mainModule = Object.keys(modules)[0]!, types: Record<string, string> = {}) =>
  analyzeBundleHandlers({ mainModule, readModule: (n) => modules[n], mediaTypeOf: (n) => types[n] });

describe("ES module export derivation (host/modules)", () => {
  itWithReference("reads the corpus-pinned conformance bundles exactly as pinned", () => {
    const input = conformanceRunnerInput();
    for (const key of ["workerBundle", "fetchOnlyBundle"]) {
      const probe = input[key] as { moduleSource: string; exportedHandlers: string[] };
      const out = analyzeModuleHandlers(probe.moduleSource);
      expect(out).toMatchObject({ analyzable: true, shape: "object" });
      expect(out.handlers).toEqual(probe.exportedHandlers);
    }
  });

  it("object literal with methods, function and arrow properties, string and computed-literal keys", () => {
    const out = analyzeModuleHandlers(
      `export default { async fetch(r, e, c) { return new Response("x"); }, "scheduled": function () {}, ["queue"]: async () => {} };`,
    );
    expect(out).toMatchObject({ analyzable: true, shape: "object", handlers: ["fetch", "scheduled", "queue"] });
  });

  it("shorthand properties bound to top-level functions", () => {
    const out = analyzeModuleHandlers(`async function fetch() {}\nconst queue = async (batch) => {};\nexport default { fetch, queue };`);
    expect(out).toMatchObject({ analyzable: true, handlers: ["fetch", "queue"] });
  });

  it("const worker = {...}; export default worker, and export { worker as default }", () => {
    expect(analyzeModuleHandlers(`const worker = { fetch() {}, scheduled: () => {} };\nexport default worker;`)).toMatchObject({
      analyzable: true,
      handlers: ["fetch", "scheduled"],
    });
    expect(analyzeModuleHandlers(`const worker = { queue() {} };\nexport { worker as default };`)).toMatchObject({ analyzable: true, handlers: ["queue"] });
  });

  it("export default class: analyzable, but a class is not a plain object, so it provides no handler", () => {
    const out = analyzeModuleHandlers(`export default class Worker { async fetch() {} scheduled() {} static x = 1; }`);
    expect(out).toMatchObject({ analyzable: true, shape: "class", handlers: [], prototypeMethods: ["fetch", "scheduled"] });
    expect(out.reason).toMatch(/class, not a plain object/);
  });

  it("follows re-exports and imports through the bundle", () => {
    const worker = `export default { fetch() {}, queue() {} };`;
    expect(bundle({ "index.js": `export { default } from "./src/worker.js";`, "src/worker.js": worker })).toMatchObject({
      analyzable: true,
      handlers: ["fetch", "queue"],
      trace: ["index.js", "src/worker.js"],
    });
    expect(bundle({ "index.js": `import w from "./w.js";\nexport default w;`, "w.js": worker }).handlers).toEqual(["fetch", "queue"]);
    expect(bundle({ "a/index.js": `export { app as default } from "../b/app.js";`, "b/app.js": `export const app = { scheduled() {} };` }).handlers).toEqual([
      "scheduled",
    ]);
  });

  it("types a handler imported from another bundle module", () => {
    const main = `import { handleFetch } from "./handlers.js";\nexport default { fetch: handleFetch };`;
    expect(bundle({ "index.js": main, "handlers.js": `export function handleFetch() {}` })).toMatchObject({ handlers: ["fetch"], notCallable: [] });
    expect(bundle({ "index.js": main, "handlers.js": `export const handleFetch = 42;` })).toMatchObject({ handlers: [], notCallable: ["fetch"] });
  });

  it("merges a statically known spread", () => {
    expect(analyzeModuleHandlers(`const base = { fetch() {} };\nexport default { ...base, queue() {} };`)).toMatchObject({
      analyzable: true,
      handlers: ["fetch", "queue"],
    });
  });

  it("reports present but non-callable members", () => {
    expect(analyzeModuleHandlers(`export default { fetch: 42, scheduled: null, queue() {} };`)).toMatchObject({
      analyzable: true,
      handlers: ["queue"],
      notCallable: ["fetch", "scheduled"],
    });
  });

  it("no default export, a function default export, and a text module are analyzable and provide nothing", () => {
    expect(analyzeModuleHandlers(`export const fetch = () => {};`)).toMatchObject({ analyzable: true, shape: "none", handlers: [] });
    expect(analyzeModuleHandlers(`export default async function fetch() {}`)).toMatchObject({ analyzable: true, shape: "function", handlers: [] });
    expect(bundle({ "main.txt": "hello" }, "main.txt", { "main.txt": "text/plain" })).toMatchObject({ analyzable: true, shape: "value", handlers: [] });
  });

  describe("not analyzable: said so, never guessed", () => {
    it.each([
      ["a call result", `export default createWorker({ fetch() {} });`, /computed at run time \(CallExpression\)/],
      ["an instance", `const app = new Router();\nexport default app;`, /NewExpression/],
      ["a bare-specifier re-export", `export { default } from "some-framework";`, /outside the bundle/],
      ["a module namespace", `import * as ns from "./x.js";\nexport default ns;`, /namespace/],
    ])("%s", (_label, source, reason) => {
      const out = analyzeModuleHandlers(source);
      expect(out.analyzable).toBe(false);
      expect(out.shape).toBe("unknown");
      expect(out.handlers).toEqual([]);
      expect(out.reason).toMatch(reason);
    });

    it("a computed member name keeps what is proven and marks the set incomplete", () => {
      const out = analyzeModuleHandlers(`const k = "queue";\nexport default { fetch() {}, [k]() {} };`);
      expect(out).toMatchObject({ analyzable: false, shape: "object", handlers: ["fetch"] });
      expect(out.reason).toMatch(/computed at run time/);
    });

    it.each([
      ["member assignment", `const w = { fetch() {} };\nw.queue = async () => {};\nexport default w;`, /has a member assigned at line 2/],
      ["delete", `const w = { fetch() {} };\ndelete w.fetch;\nexport default w;`, /is deleted|has a member deleted/],
      ["escape into a call", `const w = { fetch() {} };\nObject.assign(w, extra);\nexport default w;`, /escapes/],
      ["reassignment", `let w = { fetch() {} };\nw = other;\nexport default w;`, /reassigned/],
    ])("a modified binding (%s) is incomplete", (_label, source, reason) => {
      const out = analyzeModuleHandlers(source);
      expect(out.analyzable).toBe(false);
      expect(out.reason).toMatch(reason);
    });

    it("a deleted or escaped binding proves nothing; a member-assigned one keeps its keys with unknown values", () => {
      expect(analyzeModuleHandlers(`const w = { fetch() {} };\ndelete w.fetch;\nexport default w;`)).toMatchObject({ shape: "unknown", handlers: [] });
      expect(analyzeModuleHandlers(`const w = { fetch() {} };\nregister(w);\nexport default w;`)).toMatchObject({ shape: "unknown", handlers: [] });
      expect(analyzeModuleHandlers(`const w = { fetch: 1 };\nw.fetch = () => {};\nexport default w;`)).toMatchObject({
        shape: "object",
        analyzable: false,
        handlers: ["fetch"],
        notCallable: [],
      });
    });

    it("an unknown key may re-value earlier members but never removes them", () => {
      const out = analyzeModuleHandlers(`const k = pick();\nexport default { fetch: 1, [k]: () => {} };`);
      expect(out).toMatchObject({ analyzable: false, handlers: ["fetch"], notCallable: [] });
    });

    it("a re-export cycle terminates", () => {
      const out = bundle({ "a.js": `export { default } from "./b.js";`, "b.js": `export { default } from "./a.js";` });
      expect(out.analyzable).toBe(false);
    });

    it("a missing bundle module, a syntax error and invalid UTF-8 are reported", () => {
      expect(bundle({ "index.js": `export { default } from "./gone.js";` }).reason).toMatch(/gone\.js is not in the bundle/);
      expect(analyzeModuleHandlers(`export default { fetch() { }`).reason).toMatch(/does not parse/);
      expect(analyzeModuleHandlers(new Uint8Array([0x65, 0xff, 0xfe])).reason).toMatch(/not valid UTF-8/);
    });
  });

  it("a getter is a present member of unknown value", () => {
    expect(analyzeModuleHandlers(`export default { get fetch() { return () => {}; } };`)).toMatchObject({ analyzable: true, handlers: ["fetch"] });
  });
});

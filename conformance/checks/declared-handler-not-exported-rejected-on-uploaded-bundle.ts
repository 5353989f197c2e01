// Support profiles (decision 0019), on bundles the runner writes and uploads itself rather than
// the corpus-pinned ones: the handlers a WorkerVersion declares must be callable own properties of
// the default export of its bundle's main module, derived from the uploaded bytes. Over five module
// shapes — a literal with methods, shorthand of local functions, a default re-exported from a
// sibling module, a non-callable member, and named exports without a default — a declared handler
// the bytes do not export is invalid_argument (400) naming it, on apply and import, storing nothing;
// declaring exactly what the bytes export is accepted.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptImport,
  builder,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  requiredSpec,
  versionSpec,
} from "../harness/aggregate/index.js";
import { JS_MODULE, upload, workerBundle, type ModuleInput } from "../harness/artifacts/index.js";

interface Shape {
  label: string;
  modules: (salt: string) => ModuleInput[];
  refused: { declared: string[]; missing: string }[];
  accepted: string[][];
}

const js = (name: string, text: string): ModuleInput => ({ name, mediaType: JS_MODULE, bytes: Buffer.from(text, "utf8") });

const SHAPES: Shape[] = [
  {
    label: "an object literal with a fetch method",
    modules: (s) => [js("index.js", `// ${s}\nexport default {\n  async fetch(request) { return new Response("ok"); },\n};\n`)],
    refused: [
      { declared: ["fetch", "scheduled"], missing: "scheduled" },
      { declared: ["queue"], missing: "queue" },
    ],
    accepted: [["fetch"]],
  },
  {
    label: "shorthand members naming local functions",
    modules: (s) => [
      js(
        "index.js",
        `// ${s}\nasync function scheduled(event, env, ctx) {}\nconst queue = async (batch, env, ctx) => {};\nexport default { scheduled, queue };\n`,
      ),
    ],
    refused: [{ declared: ["fetch", "queue"], missing: "fetch" }],
    accepted: [["scheduled", "queue"], ["queue"]],
  },
  {
    label: "a default re-exported from a sibling module",
    modules: (s) => [
      js("index.js", `// ${s}\nexport { default } from "./impl.js";\n`),
      js("impl.js", `// ${s}\nexport default {\n  async queue(batch, env, ctx) {},\n};\n`),
    ],
    refused: [{ declared: ["fetch", "queue"], missing: "fetch" }],
    accepted: [["queue"]],
  },
  {
    label: "a default export whose fetch member is a string",
    modules: (s) => [js("index.js", `// ${s}\nexport default {\n  fetch: "not a handler",\n  async scheduled(event, env, ctx) {},\n};\n`)],
    refused: [{ declared: ["fetch"], missing: "fetch" }],
    accepted: [["scheduled"]],
  },
  {
    label: "named exports and no default export",
    modules: (s) => [
      js("index.js", `// ${s}\nexport async function fetch(request) { return new Response("ok"); }\nexport const scheduled = async () => {};\n`),
    ],
    refused: [
      { declared: ["fetch"], missing: "fetch" },
      { declared: ["scheduled"], missing: "scheduled" },
    ],
    accepted: [],
  },
];

export default defineCheck(
  "declared handlers are proven from the uploaded main module's bytes: what they do not export is invalid_argument on apply and import",
  async (ctx) => {
    const b = builder(ctx);
    const form = ctx.form("WorkerVersion");
    const bundleForm = ctx.form("WorkerBundle");
    const worker = await b.worker();
    let refusals = 0;
    let acceptances = 0;
    for (const shape of SHAPES) {
      const manifestDigest = await upload(ctx.primary, workerBundle("index.js", shape.modules(ctx.names.key())), `upload of a bundle with ${shape.label}`);
      const bundle = await b.create(bundleForm, "bundle", requiredSpec(ctx, bundleForm, { manifestDigest }));
      for (const { declared, missing } of shape.refused) {
        const spec = versionSpec(ctx, { worker, bundle, handlers: declared });
        const what = `a version declaring [${declared.join(", ")}] on ${shape.label}`;
        const name = ctx.name("version");
        expectRefused(await attemptCreate(ctx.primary, form.ref, name, ctx.space, spec), "invalid_argument", `apply of ${what}`, [missing]);
        await expectNothingStored(ctx.primary, form.ref, name, ctx.space, `apply of ${what}`);
        expectRefused(await attemptImport(ctx.primary, form.ref, name, ctx.space, spec, ctx.names.nativeId()), "invalid_argument", `import of ${what}`, [
          missing,
        ]);
        await expectNothingStored(ctx.primary, form.ref, name, ctx.space, `import of ${what}`);
        refusals += 2;
      }
      for (const handlers of shape.accepted) {
        b.track(
          expectAccepted(
            await attemptCreate(ctx.primary, form.ref, ctx.name("version"), ctx.space, versionSpec(ctx, { worker, bundle, handlers })),
            201,
            `apply of a version declaring [${handlers.join(", ")}] on ${shape.label}`,
          ),
        );
        acceptances++;
      }
    }
    await b.cleanup();
    return `over ${SHAPES.length} uploaded module shapes, ${refusals} applies and imports declaring an unexported handler were invalid_argument naming it with nothing stored; ${acceptances} versions declaring exactly the exported handlers were accepted`;
  },
);

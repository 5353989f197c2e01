// The runtime ABI loader adapter (takoform.runtime-abi-loader@v1), a DISPOSABLE test surface over
// the runtime's own module loader: the modules are handed to workerd (through Miniflare, exactly as
// a WorkerVersion's bundle is) in a throwaway instance, and the outcome is read back from what
// workerd did with the bytes. Exposed by the host ONLY under --conformance-probes
// (host/http/routes/runtime-abi-loader.ts); never part of the ABI or of a production deployment.
//
// Outcomes, from the operation's closed vocabulary: unsupported_media_type (a module outside the
// loadable set), module_not_found (mainModule is not a module of the bundle), module_syntax_error
// (workerd cannot compile the bytes), handler_not_exported (a declared handler the main module's
// default export does not have as a function); otherwise the handler set those bytes export.

import { Miniflare } from "miniflare";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { COMPATIBILITY_DATE } from "./projection.js";
import { constructedIn } from "./instance-tmp.js";
import { keepingHostSignals } from "./signals.js";

export const LOADABLE_MEDIA_TYPES: Record<string, "ESModule" | "Text" | "Data" | "CompiledWasm"> = {
  "application/javascript+module": "ESModule",
  "text/plain": "Text",
  "application/octet-stream": "Data",
  "application/wasm": "CompiledWasm",
};
const HANDLERS = ["fetch", "scheduled", "queue"];
const PROBE_MODULE = "__takoform_runtime_abi_loader__.mjs";

export interface LoaderModule {
  name: string;
  mediaType: string;
  content: Uint8Array;
}

export interface LoaderRequest {
  mainModule: string;
  declaredHandlers: string[];
  modules: LoaderModule[];
}

export type LoaderOutcome = { exportedHandlers: string[] } | { error: { code: string; message: string } };

const refused = (code: string, message: string): LoaderOutcome => ({ error: { code, message } });

function probeSource(mainModule: string): string {
  return `import * as main from ${JSON.stringify("./" + mainModule)};
export default {
  async fetch() {
    const d = main.default;
    const plain = d !== null && typeof d === "object";
    return Response.json({ exported: plain ? Object.keys(d).filter((k) => typeof d[k] === "function") : [] });
  },
};
`;
}

export async function loadThroughRuntime(request: LoaderRequest): Promise<LoaderOutcome> {
  for (const module of request.modules) {
    if (LOADABLE_MEDIA_TYPES[module.mediaType] === undefined)
      return refused("unsupported_media_type", `module ${module.name} has media type ${module.mediaType}, outside the loadable set`);
  }
  const main = request.modules.find((m) => m.name === request.mainModule);
  if (main === undefined) return refused("module_not_found", `the bundle carries no module named ${request.mainModule}`);
  if (main.mediaType !== "application/javascript+module") return refused("module_not_found", `mainModule ${request.mainModule} is not an ES module`);
  // Miniflare removes its temporary directory without waiting (dispose), so a process that ends
  // soon after would leave it in the machine's temporary folder: it is made here and removed below.
  const tmp = mkdtempSync(path.join(os.tmpdir(), "takoform-loader-"));
  const mf = keepingHostSignals(() =>
    constructedIn(
      tmp,
      () =>
        new Miniflare({
          compatibilityDate: COMPATIBILITY_DATE,
          modulesRoot: "/",
          modules: [
            { type: "ESModule", path: `/${PROBE_MODULE}`, contents: probeSource(request.mainModule) },
            ...request.modules.map((m) => ({ type: LOADABLE_MEDIA_TYPES[m.mediaType]!, path: `/${m.name}`, contents: new Uint8Array(m.content) })),
          ],
        }),
    ),
  );
  let exported: string[];
  try {
    await mf.ready;
    const response = await mf.dispatchFetch("http://loader.invalid/");
    exported = ((await response.json()) as { exported: string[] }).exported.filter((name) => HANDLERS.includes(name));
  } catch (error) {
    return refused("module_syntax_error", `workerd could not load the bundle: ${String((error as Error).message).split("\n")[0]}`);
  } finally {
    await mf.dispose().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
  }
  const missing = request.declaredHandlers.filter((h) => !exported.includes(h));
  if (missing.length > 0) return refused("handler_not_exported", `the main module's default export has no ${missing.join(", ")}`);
  return { exportedHandlers: exported };
}

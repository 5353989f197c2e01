// POST /x-takoform/v1/conformance/runtime-abi/load: the runtime ABI loader adapter
// (takoform.runtime-abi-loader@v1, host/runtime/loader-adapter.ts). Mounted ONLY when the host runs
// with --conformance-probes; without it the path is an unknown route like any other (404).
//
// Body: {mainModule, declaredHandlers, modules: [{name, mediaType, contentBase64}]}.
// 200 {exportedHandlers: [...]} or 200 {error: {code, message}} (a load outcome, not an HTTP error);
// a malformed body is invalid_argument.

import { Router } from "express";
import { refuse } from "../../errors.js";
import { decodeDocument } from "../../wire/decode-body.js";
import { respondJson } from "../respond.js";
import { bodyOf, scopeOf } from "../state.js";
import type { LoaderRequest } from "../../runtime/loader-adapter.js";

export const RUNTIME_ABI_LOADER_PATH = "/x-takoform/v1/conformance/runtime-abi/load";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function loaderRequest(document: unknown): LoaderRequest {
  const d = document as Record<string, unknown>;
  const bad = (what: string) => refuse.invalid_argument(`${what} (body: {mainModule, declaredHandlers, modules: [{name, mediaType, contentBase64}]})`);
  if (typeof d !== "object" || d === null || Array.isArray(d)) throw bad("the body must be an object");
  if (typeof d.mainModule !== "string") throw bad("/mainModule: required, a string");
  if (!Array.isArray(d.declaredHandlers) || !d.declaredHandlers.every((h) => typeof h === "string"))
    throw bad("/declaredHandlers: required, an array of strings");
  if (!Array.isArray(d.modules) || d.modules.length === 0 || d.modules.length > 64) throw bad("/modules: required, 1 to 64 modules");
  const modules = d.modules.map((m: unknown, i: number) => {
    const e = m as Record<string, unknown>;
    if (typeof e !== "object" || e === null || typeof e.name !== "string" || !/^[A-Za-z0-9._-][A-Za-z0-9._/-]{0,255}$/.test(e.name) || e.name.includes(".."))
      throw bad(`/modules/${i}/name: a relative module name`);
    if (typeof e.mediaType !== "string") throw bad(`/modules/${i}/mediaType: required, a string`);
    if (typeof e.contentBase64 !== "string" || !BASE64.test(e.contentBase64)) throw bad(`/modules/${i}/contentBase64: required, base64`);
    return { name: e.name, mediaType: e.mediaType, content: Buffer.from(e.contentBase64, "base64") };
  });
  return { mainModule: d.mainModule, declaredHandlers: d.declaredHandlers as string[], modules };
}

export function runtimeAbiLoaderRoutes(): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.post(RUNTIME_ABI_LOADER_PATH, async (req, res) => {
    scopeOf(req);
    const request = loaderRequest(decodeDocument(bodyOf(req)));
    const { loadThroughRuntime } = await import("../../runtime/loader-adapter.js");
    respondJson(res, 200, await loadThroughRuntime(request));
  });
  return router;
}

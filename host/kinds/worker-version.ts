// WorkerVersion (decision 0016, Support profiles): its inbound service bindings must be served by
// a Ready worker; its declared handlers must be exported by the main module of the bundle it
// references (analysed from the committed bytes); a single-page-application asset binding needs
// index.html in the asset bundle it references.

import { bundleSource } from "../modules/bundle-source.js";
import { analyzeBundleHandlers } from "../modules/export-analysis.js";
import { check } from "../rules/outcome.js";
import { spaIndexPresent } from "../rules/assets/spa-index.js";
import { declaredHandlersExported } from "../rules/worker-aggregate/handler-exports.js";
import { inboundServiceBindingsServed } from "../rules/worker-aggregate/inbound-service-binding.js";
import { workerReadiness } from "../rules/worker-aggregate/worker-readiness.js";
import { targetManifest } from "./artifact-support.js";
import type { KindBehaviour, KindView, KindAdmission } from "./behaviour.js";
import { activeDeployment } from "./worker-support.js";
import { sensitiveVarsReadiness } from "../secrets/readiness.js";

function admitArtifacts(view: KindView, input: KindAdmission): void {
  const bundle = targetManifest(view, input.records, "/bundle");
  if (bundle !== undefined && bundle.kind === "WorkerBundle") {
    const report = analyzeBundleHandlers(bundleSource(bundle, (digest) => view.heldBlob(digest)));
    check(declaredHandlersExported(input.spec, bundle.mainModule, report));
  }
  if (typeof input.spec.assets === "object" && input.spec.assets !== null) {
    const assets = targetManifest(view, input.records, "/assets/bundle");
    check(
      spaIndexPresent(input.spec, assets !== undefined && assets.kind !== "WorkerBundle" ? { files: assets.files.map((f) => ({ path: f.name })) } : undefined),
    );
  }
}

export const workerVersion: KindBehaviour = {
  admit(view, input) {
    check(
      inboundServiceBindingsServed(input.records, (workerUid) => {
        const worker = view.byUid(workerUid);
        return workerReadiness({ name: worker?.name ?? workerUid }, activeDeployment(view, workerUid));
      }),
    );
    admitArtifacts(view, input);
  },
  /** Not Ready while a required sensitive value is missing (host/secrets), naming it, never its value. */
  derivedReady: (view, record) => sensitiveVarsReadiness(view, record),
  /** The data plane: one workerd worker per version of a deployment (runtime/worker-version.ts). */
  runtime: () => import("./runtime/worker-version.js").then((m) => m.workerVersionRuntime),
};

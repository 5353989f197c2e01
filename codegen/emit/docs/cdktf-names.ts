// How @cdktf/provider-generator names a resource's class and module (used by the docs examples;
// test/unit/codegen/docs.test.ts checks these names exist in generated/cdktf).

import { TYPE_PREFIX } from "../../model/naming.js";

function words(typeName: string): string[] {
  return typeName.slice(TYPE_PREFIX.length).split("_");
}

/** "takoform_worker_version" -> "WorkerVersion". */
export function cdktfClassName(typeName: string): string {
  return words(typeName)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");
}

/** "takoform_worker_version" -> "providers/takoform/worker-version". */
export function cdktfModulePath(typeName: string): string {
  return `providers/takoform/${words(typeName).join("-")}`;
}

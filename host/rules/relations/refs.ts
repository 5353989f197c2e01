// Comparison and text forms of exact FormRefs and Interface/Binding refs, as rule messages use them.

import type { BindingRef, ExactFormRef, InterfaceRef } from "../../../corpus/lib/index.js";

export function sameFormRef(a: ExactFormRef, b: ExactFormRef): boolean {
  return a.apiVersion === b.apiVersion && a.kind === b.kind && a.definitionVersion === b.definitionVersion && a.schemaDigest === b.schemaDigest;
}

export function sameContractRef(a: InterfaceRef | BindingRef, b: InterfaceRef | BindingRef): boolean {
  return a.apiVersion === b.apiVersion && a.name === b.name && a.version === b.version && a.schemaDigest === b.schemaDigest;
}

/** "edge.forms.takoform.com/v1beta1 ModuleWorker@0.1.0 (sha256:…)" */
export function describeFormRef(ref: ExactFormRef): string {
  return `${ref.apiVersion} ${ref.kind}@${ref.definitionVersion} (${ref.schemaDigest})`;
}

/** "worker.runtime@1.0.0 (sha256:…)" */
export function describeContractRef(ref: InterfaceRef | BindingRef): string {
  return `${ref.name}@${ref.version} (${ref.schemaDigest})`;
}

/** Compact form for the 256-character hostReason: "ModuleWorker@0.1.0#sha256:6de1d1ff575c". */
export function shortFormRef(ref: ExactFormRef): string {
  return `${ref.kind}@${ref.definitionVersion}#${ref.schemaDigest.slice(0, 19)}`;
}

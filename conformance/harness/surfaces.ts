// The read-only surfaces that are not about one resource: discovery, availability, Form
// Definitions and Host Support Profiles.

import type { ExactFormRef } from "../../corpus/lib/index.js";
import type { HostResponse } from "./http.js";
import type { Plane } from "./lifecycle.js";
import { API_PATH, DISCOVERY_PATH, formDefinitionPath, query, seg, supportFormPath } from "./paths.js";

export function discovery(p: Plane): Promise<HostResponse> {
  return p.send("discovery", { method: "GET", path: DISCOVERY_PATH });
}

export type FormsQuery = { space?: string; group?: string; kind?: string; definitionVersion?: string; schemaDigest?: string };

export function exactFormsQuery(ref: ExactFormRef, space: string): FormsQuery {
  return { space, group: ref.apiVersion, kind: ref.kind, definitionVersion: ref.definitionVersion, schemaDigest: ref.schemaDigest };
}

export function forms(p: Plane, q: FormsQuery): Promise<HostResponse> {
  return p.send("forms", { method: "GET", path: `${API_PATH}/forms${query(q)}` });
}

export function formDefinition(p: Plane, ref: ExactFormRef, space: string): Promise<HostResponse> {
  const q = query({ space, definitionVersion: ref.definitionVersion, schemaDigest: ref.schemaDigest });
  return p.send("form-definition", { method: "GET", path: formDefinitionPath(ref) + q });
}

export function supportForms(p: Plane): Promise<HostResponse> {
  return p.send("support-forms", { method: "GET", path: `${API_PATH}/support/forms` });
}

export function supportForm(p: Plane, ref: { apiVersion: string; kind: string; definitionVersion: string }): Promise<HostResponse> {
  return p.send("support-form", { method: "GET", path: supportFormPath(ref) });
}

export function supportInterface(p: Plane, name: string, version: string): Promise<HostResponse> {
  return p.send("support-interface", { method: "GET", path: `${API_PATH}/support/interfaces/${seg(name)}/${seg(version)}` });
}

export function supportBinding(p: Plane, name: string, version: string): Promise<HostResponse> {
  return p.send("support-binding", { method: "GET", path: `${API_PATH}/support/bindings/${seg(name)}/${seg(version)}` });
}

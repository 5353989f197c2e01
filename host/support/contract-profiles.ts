// InterfaceSupport and BindingSupport profiles: the exact contract this host has installed
// under a name and version, at the digest it recomputed from the installed bytes.

import type { JsonObject } from "../../corpus/lib/index.js";
import type { HostCatalog } from "../catalog/host-catalog.js";
import { SUPPORT_API_VERSION } from "./form-profile.js";

export function interfaceSupportProfile(catalog: HostCatalog, name: string, version: string): JsonObject | undefined {
  const installed = catalog.interface(name, version);
  if (installed === undefined) return undefined;
  return { apiVersion: SUPPORT_API_VERSION, kind: "InterfaceSupport", interfaceRef: { ...installed.ref } };
}

export function bindingSupportProfile(catalog: HostCatalog, name: string, version: string): JsonObject | undefined {
  const installed = catalog.binding(name, version);
  if (installed === undefined) return undefined;
  return { apiVersion: SUPPORT_API_VERSION, kind: "BindingSupport", bindingRef: { ...installed.ref } };
}

// Paths used by the corpus-lib tests. The reference specification is read at run time only.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { REFERENCE_DIR } from "../../support/reference.js";

export const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const referenceDir = REFERENCE_DIR;
export const referenceFormsDir = path.join(referenceDir, "forms/candidates/edge/v1beta1");
export const referenceInterfacesDir = path.join(referenceDir, "interfaces/candidates/v1alpha1");
export const referenceBindingsDir = path.join(referenceDir, "bindings/candidates/v1alpha1");

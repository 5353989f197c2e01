// The installed set is keyed by the exact identity (check:
// exact-form-ref-fails-closed-on-unknown-definition, decision 0022 rule 2): every lookup resolves
// the WHOLE {apiVersion, kind, definitionVersion, schemaDigest} or fails form_unknown (404). There
// is no fallback to another definition of the same group and kind.

import { formatFormRef, type ExactFormRef } from "../../../corpus/lib/index.js";
import type { HostCatalog } from "../../catalog/host-catalog.js";
import type { HostForm } from "../../catalog/host-form.js";
import { refuse, type HostError } from "../../errors.js";

export function resolveExactForm(catalog: HostCatalog, ref: ExactFormRef): HostForm | HostError {
  return catalog.exact(ref) ?? refuse.form_unknown(`no Form is installed under the exact identity ${formatFormRef(ref)}`);
}

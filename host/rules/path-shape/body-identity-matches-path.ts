// Path shape: the host rejoins {formGroup}/{formVersion} into the exact apiVersion; a request
// body addressing another apiVersion, kind or name than its URL is invalid_argument.

import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

export interface PathIdentity {
  apiVersion: string;
  kind: string;
  name: string;
}

export function bodyIdentityMatchesPath(body: PathIdentity, path: PathIdentity): RuleOutcome {
  if (body.apiVersion === path.apiVersion && body.kind === path.kind && body.name === path.name) return accept();
  return refuse.invalid_argument("the body's apiVersion, kind and metadata.name must equal the request path");
}

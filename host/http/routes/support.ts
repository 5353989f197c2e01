// Support profiles: GET {api}/support/forms, .../forms/{formGroup}/{formVersion}/{kind}/{definitionVersion},
// .../interfaces/{name}/{version}, .../bindings/{name}/{version}.

import { Router } from "express";
import { refuse } from "../../errors.js";
import type { HostContext } from "../../lifecycle/context.js";
import { bindingSupportProfile, interfaceSupportProfile } from "../../support/contract-profiles.js";
import { formSupportProfile } from "../../support/form-profile.js";
import { respondJson } from "../respond.js";

export function supportRoutes(ctx: HostContext): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.get("/support/forms", (_req, res) => {
    respondJson(res, 200, { profiles: ctx.catalog.forms().map((form) => formSupportProfile(form, ctx.catalog, ctx.runtime)) });
  });
  router.get("/support/forms/:formGroup/:formVersion/:kind/:definitionVersion", (req, res) => {
    const apiVersion = `${req.params.formGroup}/${req.params.formVersion}`;
    const form = ctx.catalog.line(apiVersion, req.params.kind!, req.params.definitionVersion!);
    if (form === undefined) {
      throw refuse.form_unknown(`no Form is installed as ${apiVersion} ${req.params.kind}@${req.params.definitionVersion}`);
    }
    respondJson(res, 200, formSupportProfile(form, ctx.catalog, ctx.runtime));
  });
  router.get("/support/interfaces/:name/:version", (req, res) => {
    const profile = interfaceSupportProfile(ctx.catalog, req.params.name!, req.params.version!);
    if (profile === undefined) throw refuse.resource_not_found(`no Interface ${req.params.name}@${req.params.version} is installed`);
    respondJson(res, 200, profile);
  });
  router.get("/support/bindings/:name/:version", (req, res) => {
    const profile = bindingSupportProfile(ctx.catalog, req.params.name!, req.params.version!);
    if (profile === undefined) throw refuse.resource_not_found(`no Binding ${req.params.name}@${req.params.version} is installed`);
    respondJson(res, 200, profile);
  });
  return router;
}

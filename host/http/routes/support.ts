// Support profiles: GET {api}/support/forms, .../forms/{formGroup}/{formVersion}/{kind}/{definitionVersion},
// .../interfaces/{name}/{version}, .../bindings/{name}/{version}.

import { Router } from "express";
import { refuse } from "../../errors.js";
import type { HostContext } from "../../lifecycle/context.js";
import { bindingSupportProfile, interfaceSupportProfile } from "../../support/contract-profiles.js";
import { formSupportProfile } from "../../support/form-profile.js";
import { API_PATH } from "./discovery.js";
import { respondJson } from "../respond.js";

export function supportRoutes(ctx: HostContext): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.get(API_PATH + "/support/forms", (_req, res) => {
    respondJson(res, 200, { profiles: ctx.catalog.forms().map((form) => formSupportProfile(form, ctx.catalog, ctx.runtime)) });
  });
  router.get(API_PATH + "/support/forms/:formGroup/:formVersion/:kind/:definitionVersion", (req, res) => {
    const apiVersion = `${String(req.params.formGroup)}/${String(req.params.formVersion)}`;
    const kind = String(req.params.kind);
    const definitionVersion = String(req.params.definitionVersion);
    const form = ctx.catalog.line(apiVersion, kind, definitionVersion);
    if (form === undefined) throw refuse.form_unknown(`no Form is installed as ${apiVersion} ${kind}@${definitionVersion}`);
    respondJson(res, 200, formSupportProfile(form, ctx.catalog, ctx.runtime));
  });
  router.get(API_PATH + "/support/interfaces/:name/:version", (req, res) => {
    const [name, version] = [String(req.params.name), String(req.params.version)];
    const profile = interfaceSupportProfile(ctx.catalog, name, version);
    if (profile === undefined) throw refuse.resource_not_found(`no Interface ${name}@${version} is installed`);
    respondJson(res, 200, profile);
  });
  router.get(API_PATH + "/support/bindings/:name/:version", (req, res) => {
    const [name, version] = [String(req.params.name), String(req.params.version)];
    const profile = bindingSupportProfile(ctx.catalog, name, version);
    if (profile === undefined) throw refuse.resource_not_found(`no Binding ${name}@${version} is installed`);
    respondJson(res, 200, profile);
  });
  return router;
}

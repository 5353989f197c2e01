// {api}/forms and {api}/form-definitions/{formGroup}/{formVersion}/{kind}: availability and the
// Form Definition surface, each answered about one WHOLE exact identity or form_unknown (404).
// The definition surface serves the installed Definition's own desiredSchema, unchanged
// (check: form-definition-exact).

import { Router } from "express";
import { HostError } from "../../errors.js";
import type { HostContext } from "../../lifecycle/context.js";
import { resolveExactForm } from "../../rules/exact-form/resolve-exact-form.js";
import { exactFormQuery } from "../../rules/shared-wire-rules/exact-form-query.js";
import { strictQuery } from "../../rules/shared-wire-rules/strict-query.js";
import type { HostForm } from "../../catalog/host-form.js";
import { API_PATH } from "./discovery.js";
import { respondJson } from "../respond.js";
import { rawQuery } from "../state.js";

function identityOf(form: HostForm): Record<string, unknown> {
  return { formRef: { ...form.ref }, packageDigest: form.packageDigest };
}

function queriedForm(ctx: HostContext, query: string, fromPath?: { apiVersion: string; kind: string }): HostForm {
  const pairs = strictQuery(query);
  if (pairs instanceof HostError) throw pairs;
  const exact = exactFormQuery(pairs, fromPath);
  if (exact instanceof HostError) throw exact;
  const form = resolveExactForm(ctx.catalog, exact.ref);
  if (form instanceof HostError) throw form;
  return form;
}

export function formRoutes(ctx: HostContext): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.get(API_PATH + "/forms", (req, res) => {
    const form = queriedForm(ctx, rawQuery(req));
    respondJson(res, 200, {
      forms: [
        {
          identity: identityOf(form),
          definitionKnown: true,
          installed: true,
          executable: true,
          activated: true,
          availableToPrincipal: true,
          operations: [...form.capabilities],
          deprecated: false,
        },
      ],
    });
  });
  router.get(API_PATH + "/form-definitions/:formGroup/:formVersion/:kind", (req, res) => {
    const fromPath = { apiVersion: `${String(req.params.formGroup)}/${String(req.params.formVersion)}`, kind: String(req.params.kind) };
    const form = queriedForm(ctx, rawQuery(req), fromPath);
    const definition = form.installed.definition;
    const body: Record<string, unknown> = { identity: identityOf(form) };
    if (definition.title.length > 0) body.displayName = definition.title;
    if (definition.description !== undefined && definition.description.length > 0) body.description = definition.description;
    body.desiredSchema = definition.desiredSchema;
    respondJson(res, 200, body);
  });
  return router;
}

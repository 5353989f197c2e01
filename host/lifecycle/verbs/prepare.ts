// Lifecycle, prepare: binds the exact materialized spec, the identity (tenant, space, exact
// FormRef, name) and the fences (the uid and generation of the incarnation it updates, or the
// create markers) to a short-lived prepareDigest. It mutates nothing and stores nothing.

import type { JsonObject } from "../../../corpus/lib/index.js";
import { resourceNotFound } from "../../rules/exact-form/recorded-form-ref.js";
import { prepareDigest, prepareWindow } from "../../rules/prepare/prepare-binding.js";
import { prepareTarget } from "../../rules/prepare/prepare-target.js";
import { resourceKey } from "../../store/keys.js";
import type { ResourceRecord } from "../../store/records.js";
import type { TenantScope } from "../../store/scope.js";
import { refuse } from "../../errors.js";
import type { ResourceRequest } from "../../wire/resource-request.js";
import { admitSpec, requireValidSpec } from "../admission/admit-spec.js";
import type { HostContext, LifecycleResponse } from "../context.js";
import { sameFormRef } from "../../../corpus/lib/index.js";

export async function prepareResource(
  ctx: HostContext,
  scope: TenantScope,
  request: ResourceRequest,
  fenceHeader: string | undefined,
): Promise<LifecycleResponse> {
  const admitted = admitSpec(ctx, request);
  requireValidSpec(admitted);
  const address = { space: request.space, apiVersion: request.apiVersion, kind: request.kind, name: request.name };
  const stored = ctx.store.get<ResourceRecord>(resourceKey(scope, address));
  const existing = stored !== undefined && sameFormRef(stored.value.ref, request.ref) ? stored.value : undefined;
  if (request.generation !== undefined && fenceHeader !== undefined && request.generation !== fenceHeader) {
    throw refuse.invalid_argument("metadata.generation and Takoform-Expected-Generation differ");
  }
  const target = prepareTarget(existing, fenceHeader ?? request.generation, request.uid, () => resourceNotFound({ ...address, ref: request.ref }), address);
  if (target instanceof Error) throw target;
  const digest = prepareDigest(
    ctx.secret,
    {
      tenant: scope.tenant,
      space: request.space,
      ref: request.ref,
      name: request.name,
      specDigest: admitted.specDigest,
      uid: target.uid,
      generation: target.generation,
    },
    prepareWindow(ctx.clock.now()),
  );
  const form: JsonObject = { formRef: { ...request.ref } };
  if (request.packageDigest !== undefined) form.packageDigest = request.packageDigest;
  const resource: JsonObject = {
    apiVersion: request.apiVersion,
    kind: request.kind,
    form,
    metadata: { name: request.name, space: request.space },
    spec: admitted.spec,
  };
  return {
    status: 200,
    body: JSON.stringify({ resource, review: { prepareDigest: digest, specDigest: admitted.specDigest } }),
  };
}

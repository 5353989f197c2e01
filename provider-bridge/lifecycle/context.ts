// What every lifecycle call of one takoform_* resource type shares: its model,
// its compiled schema, the connection to the configured host, and how a
// resource's address, request body and identity text are formed.
import type { ProviderConfig } from "../config/provider-config.js";
import { errorDiag, type Diagnostic } from "../framework/diagnostics.js";
import type { ResourceContext } from "../framework/resource.js";
import type { CompiledObject } from "../schema/compiled.js";
import { ctyObject, isCtyObject, isUnknown, type CtyObject, type CtyValue } from "../wire/value.js";
import type { ExactFormRef, ResourceModel } from "../model/types.js";
import { CredentialRefused } from "../client/discovery.js";
import { FALLBACK_SPACE, hostFor, type Address, type HostApi } from "./host-api.js";
import type { Subject } from "./host-diagnostics.js";
import { specFromState } from "./spec-mapping.js";

export interface Lifecycle {
  model: ResourceModel;
  block: CompiledObject;
}

export function stringAttr(state: CtyObject | null, name: string): string | undefined {
  const v = state?.[name];
  return typeof v === "string" ? v : undefined;
}

export function spaceOf(state: CtyObject, provider: ProviderConfig | undefined): string {
  return stringAttr(state, "space") ?? provider?.space ?? FALLBACK_SPACE;
}

export function addressOf(ref: ExactFormRef, state: CtyObject, provider: ProviderConfig | undefined): Address {
  return { ref, space: spaceOf(state, provider), name: stringAttr(state, "name") ?? "" };
}

export function subjectOf(lc: Lifecycle, a: Address, fence: string, uid?: string): Subject {
  return { typeName: lc.model.typeName, kind: lc.model.kind, space: a.space, name: a.name, ref: a.ref, fence, ...(uid ? { uid } : {}) };
}

/** The resourceRequest document for the desired attributes of `state`. */
export function requestBody(lc: Lifecycle, a: Address, state: CtyObject): Record<string, unknown> {
  return {
    apiVersion: a.ref.apiVersion,
    kind: a.ref.kind,
    form: { formRef: { apiVersion: a.ref.apiVersion, kind: a.ref.kind, definitionVersion: a.ref.definitionVersion, schemaDigest: a.ref.schemaDigest } },
    metadata: { name: a.name, space: a.space },
    spec: specFromState(lc.model.attributes, state),
  };
}

export async function connect(ctx: ResourceContext<ProviderConfig>): Promise<{ api: HostApi } | { error: Diagnostic }> {
  if (!ctx.provider) {
    return {
      error: errorDiag(
        "The takoform provider is not configured",
        "Set endpoint (and token) in the provider block or TAKOFORM_ENDPOINT / TAKOFORM_TOKEN; the provider needs a host for this operation.",
      ),
    };
  }
  try {
    return { api: await hostFor(ctx.provider, ctx.signal) };
  } catch (err) {
    if (err instanceof CredentialRefused) return { error: credentialRefusedDiag(err) };
    return { error: errorDiag("Cannot reach the Takoform host", `${(err as Error).message}\n\nCheck the provider's endpoint and that the host is running.`) };
  }
}

/** The host is there and said no to the token: say so, and where a valid one comes from. */
export function credentialRefusedDiag(err: CredentialRefused): Diagnostic {
  return errorDiag(
    "The Takoform host refused the credential",
    `${err.message}\n\nThe host is reachable, but it does not accept the token the provider sent (TAKOFORM_TOKEN or the provider block's token). ` +
      "Use a token listed in the host's --credentials file; a host started without --credentials prints its development credential at start " +
      "and keeps it in development-credentials.json in its --data directory.",
  );
}

/** Replaces every unknown with null (a partial state must be wholly known). */
export function withoutUnknowns<T extends CtyValue>(v: T): T {
  if (isUnknown(v)) return null as T;
  if (Array.isArray(v)) return v.map(withoutUnknowns) as T;
  if (v !== null && isCtyObject(v)) return ctyObject(Object.entries(v).map(([k, x]) => [k, withoutUnknowns(x)])) as T;
  return v;
}

// terraform import / import blocks. The id is NAME (in the provider's space),
// SPACE/NAME, or either followed by #NATIVE_ID (docs/provider-model.md, ADR 0133).
// The resource is read under each exact FormRef this provider supports, newest
// first, and recorded with the ref the host answers under; an existing
// resource is never moved to another contract. With a native id, nothing is
// sent at import (import also runs during `terraform plan`): the id travels in
// private state and the next apply claims it through the host's import route
// (native-adoption.ts). A native id naming an object the host has no resource
// for yet starts from a placeholder (name, space, the default exact ref).
import type { ProviderConfig } from "../config/provider-config.js";
import { HostError } from "../client/errors.js";
import { errorDiag } from "../framework/diagnostics.js";
import type { ImportResult, ResourceContext } from "../framework/resource.js";
import { refValue } from "../state/recorded.js";
import { statusJson } from "../state/status-json.js";
import { ctyObject } from "../wire/value.js";
import { connect, type Lifecycle } from "./context.js";
import { FALLBACK_SPACE, type Address } from "./host-api.js";
import { hostFailure } from "./host-diagnostics.js";
import { ADOPT_NATIVE_ID } from "../state/recorded.js";
import { verifyIdentity } from "./outcome.js";
import { parseRepresentation, stateFromRepresentation } from "./representation.js";

export interface ImportId {
  space: string;
  name: string;
  nativeId?: string;
}

/**
 * NAME, SPACE/NAME, NAME#NATIVE_ID or SPACE/NAME#NATIVE_ID. A space never holds "/" and a name
 * never holds "/" or "#", so the space ends at the first "/" and the native id starts at the
 * first "#" after the name; a native id holding "/" therefore needs the SPACE/ prefix.
 */
export function parseImportId(id: string, defaultSpace: string): ImportId | undefined {
  const slash = id.indexOf("/");
  const space = slash < 0 ? defaultSpace : id.slice(0, slash);
  const rest = slash < 0 ? id : id.slice(slash + 1);
  const hash = rest.indexOf("#");
  const name = hash < 0 ? rest : rest.slice(0, hash);
  const nativeId = hash < 0 ? undefined : rest.slice(hash + 1);
  if (space === "" || name === "" || nativeId === "") return undefined;
  return nativeId === undefined ? { space, name } : { space, name, nativeId };
}

export async function importResource(lc: Lifecycle, id: string, ctx: ResourceContext<ProviderConfig>): Promise<ImportResult> {
  const parsed = parseImportId(id, ctx.provider?.space ?? FALLBACK_SPACE);
  if (!parsed)
    return {
      diagnostics: [
        errorDiag(
          "Invalid import id",
          `Import ${lc.model.typeName} by "NAME", "SPACE/NAME", "NAME#NATIVE_ID" or "SPACE/NAME#NATIVE_ID"; got ${JSON.stringify(id)}.`,
        ),
      ],
    };
  const { nativeId, ...where } = parsed;
  const adoption = nativeId === undefined ? undefined : { [ADOPT_NATIVE_ID]: nativeId };
  const conn = await connect(ctx);
  if ("error" in conn) return { diagnostics: [conn.error] };
  const refs = [...lc.model.supportedRefs].reverse();
  let last: unknown;
  for (const ref of refs) {
    const a: Address = { ref, ...where };
    try {
      const rep = parseRepresentation((await conn.api.read(a)).body);
      verifyIdentity(rep, a);
      return { state: stateFromRepresentation(lc.model, lc.block, rep), ...(adoption ? { private: adoption } : {}), diagnostics: [] };
    } catch (err) {
      last = err;
      if (err instanceof HostError && (err.code === "resource_not_found" || err.code === "form_unknown")) continue;
      break;
    }
  }
  const notFound = last instanceof HostError && last.code === "resource_not_found";
  if (notFound && adoption) {
    // A backend object the host holds no resource for: the apply adopts it under the default ref.
    const placeholder = ctyObject([
      ["name", where.name],
      ["space", where.space],
      ["status_json", statusJson({ formRef: refValue(lc.model.defaultRef) })],
    ]);
    return { state: placeholder, private: adoption, diagnostics: [] };
  }
  const a: Address = { ref: lc.model.defaultRef, ...where };
  const subject = { typeName: lc.model.typeName, kind: lc.model.kind, ...where, ref: a.ref, fence: `exact reads under ${refs.length} supported ref(s)` };
  if (notFound) {
    return {
      diagnostics: [
        errorDiag(
          `No ${lc.model.kind} "${where.space}/${where.name}" to import`,
          `The host has no ${lc.model.kind} named "${where.name}" in space "${where.space}" under any exact Form ref this provider supports (${refs.map((r) => r.definitionVersion).join(", ")}). Check the name and space (import id SPACE/NAME), or give the backend object's native id (SPACE/NAME#NATIVE_ID) to adopt it.`,
        ),
      ],
    };
  }
  return { diagnostics: [hostFailure("import", subject, last, lc.model.attributes)] };
}

// terraform import / import blocks: the id is NAME (in the provider's space)
// or SPACE/NAME. The resource is read under each exact FormRef this provider
// supports, newest first, and recorded with the ref the host answers under;
// an existing resource is never moved to another contract.
import type { ProviderConfig } from "../config/provider-config.js";
import { HostError } from "../client/errors.js";
import { errorDiag } from "../framework/diagnostics.js";
import type { ImportResult, ResourceContext } from "../framework/resource.js";
import { connect, type Lifecycle } from "./context.js";
import { FALLBACK_SPACE, type Address } from "./host-api.js";
import { hostFailure } from "./host-diagnostics.js";
import { verifyIdentity } from "./outcome.js";
import { parseRepresentation, stateFromRepresentation } from "./representation.js";

export function parseImportId(id: string, defaultSpace: string): { space: string; name: string } | undefined {
  const slash = id.lastIndexOf("/");
  const space = slash < 0 ? defaultSpace : id.slice(0, slash);
  const name = slash < 0 ? id : id.slice(slash + 1);
  if (space === "" || name === "") return undefined;
  return { space, name };
}

export async function importResource(lc: Lifecycle, id: string, ctx: ResourceContext<ProviderConfig>): Promise<ImportResult> {
  const parsed = parseImportId(id, ctx.provider?.space ?? FALLBACK_SPACE);
  if (!parsed) return { diagnostics: [errorDiag("Invalid import id", `Import ${lc.model.typeName} by "NAME" or "SPACE/NAME"; got ${JSON.stringify(id)}.`)] };
  const conn = await connect(ctx);
  if ("error" in conn) return { diagnostics: [conn.error] };
  const refs = [...lc.model.supportedRefs].reverse();
  let last: unknown;
  for (const ref of refs) {
    const a: Address = { ref, ...parsed };
    try {
      const rep = parseRepresentation((await conn.api.read(a)).body);
      verifyIdentity(rep, a);
      return { state: stateFromRepresentation(lc.model, lc.block, rep), diagnostics: [] };
    } catch (err) {
      last = err;
      if (err instanceof HostError && (err.code === "resource_not_found" || err.code === "form_unknown")) continue;
      break;
    }
  }
  const a: Address = { ref: lc.model.defaultRef, ...parsed };
  const subject = { typeName: lc.model.typeName, kind: lc.model.kind, ...parsed, ref: a.ref, fence: `exact reads under ${refs.length} supported ref(s)` };
  if (last instanceof HostError && last.code === "resource_not_found") {
    return { diagnostics: [errorDiag(`No ${lc.model.kind} "${parsed.space}/${parsed.name}" to import`, `The host has no ${lc.model.kind} named "${parsed.name}" in space "${parsed.space}" under any exact Form ref this provider supports (${refs.map((r) => r.definitionVersion).join(", ")}). Check the name and space (import id SPACE/NAME).`)] };
  }
  return { diagnostics: [hostFailure("import", subject, last, lc.model.attributes)] };
}

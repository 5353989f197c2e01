// Error diagnostics for failed host calls (reference decision 0032): every one
// states the resource identity, the fence the provider sent, the host's error
// code (with its message and request id) and the repair, and sits at the
// attribute the host named with a pointer into the spec when there is one.
import { HostError, TransportError } from "../client/errors.js";
import { OperationTimeout } from "../client/operations.js";
import { DiscoveryError } from "../client/discovery.js";
import { errorDiag, type Diagnostic } from "../framework/diagnostics.js";
import type { AttributePath } from "../framework/path.js";
import type { AttributeModel, ExactFormRef } from "../model/types.js";

export type Operation = "create" | "update" | "read" | "delete" | "import" | "validate";

export interface Subject {
  typeName: string;
  kind: string;
  space: string;
  name: string;
  ref: ExactFormRef;
  uid?: string;
  /** The precondition sent, in words: "If-None-Match: * (create)", "generation 3, uid u-1". */
  fence: string;
}

export function identityText(s: Subject): string {
  const uid = s.uid ? `, uid ${s.uid}` : "";
  return `${s.typeName} "${s.space}/${s.name}" (${s.ref.kind} under ${s.ref.apiVersion} ${s.ref.definitionVersion}, ${s.ref.schemaDigest}${uid})`;
}

function repair(code: string, op: Operation, s: Subject): string {
  switch (code) {
    case "generation_conflict":
      return op === "create" || op === "import"
        ? `A ${s.kind} named "${s.name}" already exists in space "${s.space}". Adopt it with \`terraform import ${s.typeName}.<label> ${s.space}/${s.name}\`, or choose another name.`
        : "The resource changed on the host since Terraform last read it. Run `terraform plan` again to see the current state, then apply.";
    case "uid_mismatch":
      return "The resource was deleted and re-created outside Terraform; the object in state no longer exists. Remove it from state (`terraform state rm`) and import the new one, or taint it to have Terraform replace it.";
    case "revision_conflict":
      return "The resource's representation moved since it was read. Run `terraform plan` again, then apply.";
    case "resource_not_found":
      return op === "create" || op === "validate"
        ? "A resource this one refers to does not exist in the same space. Create it first (or fix the reference)."
        : "The resource no longer exists on the host. Run `terraform plan` to have Terraform create it again.";
    case "import_conflict":
      return `The native id is already claimed: another resource of your tenant holds it (any space, any kind), or this ${s.kind} was adopted under a different one. Import with the native id it already holds, or destroy the holder first; the claim is released with its holder.`;
    case "dependency_in_use":
      return "Other resources still refer to this one (relations pin it). Delete them, or change their references, before deleting it.";
    case "deletion_protected":
      return "The host protects this resource from deletion. Lift the protection on the host (or in its configuration) first, then destroy again.";
    case "invalid_argument":
      return "Fix the value the host's message names, then apply again.";
    case "artifact_missing":
      return "The artifact manifest is not held by your tenant on this host. Upload and commit it first.";
    case "artifact_invalid":
      return "The artifact manifest breaks the host's artifact rules; rebuild and commit a valid manifest.";
    case "form_unknown":
    case "unsupported_capability":
      return "The host does not offer this exact Form contract or capability. Use a host that installs it, or a provider version whose default contract the host supports.";
    case "unauthenticated":
      return "Set a valid token in the provider block or TAKOFORM_TOKEN.";
    case "permission_denied":
      return "The credential may not do this; use one with the needed permission.";
    case "operation_cancelled":
      return "The host's operation was cancelled; apply again to retry.";
    default:
      return "Apply again later; if it keeps failing, report the request id to the host's operator.";
  }
}

/** The members of the request's metadata that are attributes of the resource, of the same name. */
const METADATA_ATTRIBUTES: ReadonlySet<string> = new Set(["name", "space"]);

/** The attribute a host pointer ("/spec/cron/0", "/cron" or "/metadata/name") names, as a top-level path. */
export function pathForPointer(attributes: readonly AttributeModel[], pointer: string | undefined): AttributePath | undefined {
  if (!pointer) return undefined;
  const parts = pointer.split("/").slice(1);
  if (parts[0] === "metadata") {
    const member = parts[1] ?? "";
    return METADATA_ATTRIBUTES.has(member) ? [{ attribute: member }] : undefined;
  }
  if (parts[0] === "spec") parts.shift();
  const first = parts[0]?.replace(/~1/g, "/").replace(/~0/g, "~");
  const attr = attributes.find((a) => a.wireName === first);
  return attr ? [{ attribute: attr.name }] : undefined;
}

function firstPointer(err: HostError): string | undefined {
  const d = err.details as { diagnostics?: { field?: unknown }[] } | undefined;
  const f = d?.diagnostics?.find((x) => typeof x.field === "string")?.field;
  if (typeof f === "string") return f;
  const m =
    /(\/spec(?:\/[A-Za-z0-9_~.-]+)+)/.exec(err.message) ?? /relation (\/[A-Za-z0-9_~/.-]+)/.exec(err.message) ?? /^(\/metadata\/[a-z]+)\b/.exec(err.message);
  return m?.[1];
}

/** An error diagnostic for any failure of a host call made for `s`. */
export function hostFailure(op: Operation, s: Subject, err: unknown, attributes: readonly AttributeModel[]): Diagnostic {
  const head = `${identityText(s)}; sent ${s.fence}.`;
  if (err instanceof HostError) {
    const rid = err.requestId ? ` (request ${err.requestId})` : "";
    const detail = `${head}\nThe host answered ${err.code} (HTTP ${err.status})${rid}: ${err.message}\n\n${repair(err.code, op, s)}`;
    return errorDiag(`Cannot ${op} ${s.kind} "${s.name}": ${err.code}`, detail, pathForPointer(attributes, firstPointer(err)));
  }
  if (err instanceof OperationTimeout) {
    return errorDiag(
      `Cannot ${op} ${s.kind} "${s.name}": operation still running`,
      `${head}\n${err.message}. Its id is saved as pending_operation_id; the next plan or apply resumes it.\n\nRaise operation_timeout in the provider block if the host needs longer.`,
    );
  }
  const what =
    err instanceof DiscoveryError
      ? "host discovery failed"
      : err instanceof TransportError
        ? "the host could not be reached"
        : "the host's answer could not be used";
  return errorDiag(
    `Cannot ${op} ${s.kind} "${s.name}": ${what}`,
    `${head}\n${(err as Error).message ?? String(err)}\n\nCheck the provider's endpoint and that the host is running, then try again.`,
  );
}

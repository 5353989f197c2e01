// What a mutation's answer means: a representation now (200/201), nothing
// (204), or an accepted Operation (202) to follow until it is terminal. A
// terminal success is adopted only after its resource is verified against
// the exact identity the provider asked about.
import { HostError } from "../client/errors.js";
import type { HostResponse } from "../client/http.js";
import type { Operation } from "../client/operations.js";
import type { OperationEnvelope, Unverified } from "../client/wire-types.js";
import { isErrorCode } from "../../corpus/lib/taxonomy.js";
import type { Address, HostApi } from "./host-api.js";
import { parseRepresentation, RepresentationError, type Representation } from "./representation.js";

export type Outcome = { kind: "resource"; rep: Representation } | { kind: "deleted" } | { kind: "pending"; operationId: string; cause: unknown };

function acceptedId(body: unknown): string {
  // A 202's body is an OperationEnvelope (the wire schema's mutationAccepted).
  const op = (body as Unverified<OperationEnvelope> | undefined)?.operation;
  if (typeof op?.id !== "string") throw new RepresentationError("the host answered 202 without an operation id");
  return op.id;
}

/** The operation's terminal error as the HostError it reports. */
export function operationError(op: Operation): HostError {
  const e = op.error!;
  const code = isErrorCode(e.code) ? e.code : "internal_error";
  return new HostError(0, code, `${e.message} (operation ${op.id})`, undefined, false, e.hostCode, undefined, undefined);
}

/** Checks that an adopted representation is exactly the resource asked about. */
export function verifyIdentity(rep: Representation, a: Address, uid?: string): void {
  const r = rep.ref;
  const same =
    r.apiVersion === a.ref.apiVersion && r.kind === a.ref.kind && r.definitionVersion === a.ref.definitionVersion && r.schemaDigest === a.ref.schemaDigest;
  if (!same || rep.name !== a.name || rep.space !== a.space) {
    throw new RepresentationError(
      `the host returned ${rep.ref.kind} "${rep.space}/${rep.name}" under ${r.definitionVersion} (${r.schemaDigest}) where "${a.space}/${a.name}" under ${a.ref.definitionVersion} (${a.ref.schemaDigest}) was expected`,
    );
  }
  if (uid !== undefined && rep.uid !== uid) throw new RepresentationError(`the host returned uid ${rep.uid} where uid ${uid} was expected`);
}

/** Follows a terminal operation: its resource (verified), its deletion, or its error thrown. */
export function terminalOutcome(op: Operation, a: Address, uid?: string): Outcome {
  if (op.error) throw operationError(op);
  const result = op.result ?? {};
  if (result["deleted"] === true) return { kind: "deleted" };
  const rep = parseRepresentation(result);
  verifyIdentity(rep, a, uid ?? op.target?.uid);
  return { kind: "resource", rep };
}

/** Settles an answer: polls a 202 under the operation timeout; an interruption or timeout leaves it pending. */
export async function settle(api: HostApi, res: HostResponse, a: Address, uid?: string): Promise<Outcome> {
  if (res.status === 204) return { kind: "deleted" };
  if (res.status !== 202) {
    const rep = parseRepresentation(res.body);
    verifyIdentity(rep, a, uid);
    return { kind: "resource", rep };
  }
  const id = acceptedId(res.body);
  let op: Operation;
  try {
    op = await api.operation(id);
  } catch (err) {
    if (err instanceof HostError) throw err;
    // Interrupted (StopProvider) or out of time: the id survives in state.
    return { kind: "pending", operationId: id, cause: err };
  }
  return terminalOutcome(op, a, uid);
}

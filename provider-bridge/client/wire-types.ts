// The Host API documents the provider reads, as generated from the wire schemas
// (generated/wire/host-api.ts, from corpus/schemas/host-api-wire-v1beta1 and the Operation and
// artifact manifest schemas it references). A body the host sent has not been checked yet, so it
// is read as `Unverified<T>`: the schema's members and their types, every one possibly absent.
// A member the schema renames or drops is a compile error wherever the provider reads it.
import type { HostResponse } from "./http.js";
import type { Operation as WireOperation } from "../../generated/wire/host-api.js";

export type {
  ArtifactCommitResponse,
  ArtifactUploadStatus,
  MutationAccepted,
  OperationEnvelope,
  PrepareResponse,
  ResourceResponse,
  ValidateResponse,
} from "../../generated/wire/host-api.js";

/** A wire document as it arrives: its members typed by the schema, none of them checked yet. */
export type Unverified<T> = T extends readonly (infer E)[] ? readonly Unverified<E>[] : T extends object ? { readonly [K in keyof T]?: Unverified<T[K]> } : T;

/** A 2xx answer whose body is the wire document `T` (not yet checked). */
export interface HostAnswer<T> extends Omit<HostResponse, "body"> {
  body: Unverified<T> | undefined;
}

/** An Operation as read: id and done checked (operations.ts), the rest as the schema types it; `result` is open. */
export type Operation = Unverified<WireOperation> & { id: string; done: boolean; result?: Record<string, unknown> };

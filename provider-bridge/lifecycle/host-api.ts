// The typed Host API calls a takoform_* resource makes, on top of client/:
// discovery once per provider process and endpoint, then validate, prepare,
// apply, read, delete, import and operation polling, each addressed through
// an exact FormRef with the exact query on bodyless routes.
import type { ProviderConfig } from "../config/provider-config.js";
import { discover } from "../client/discovery.js";
import { HostHttp, type HostResponse } from "../client/http.js";
import { resourcePath } from "../client/paths.js";
import { waitForOperation, type Operation } from "../client/operations.js";
import { SupportCache } from "../client/support.js";
import type { HostAnswer, MutationAccepted, PrepareResponse, ResourceResponse, ValidateResponse } from "../client/wire-types.js";
import type { ExactFormRef } from "../model/types.js";
import { idempotencyKey, type KeyParts } from "./idempotency.js";

/** The space a resource lives in when neither it nor the provider block names one (ADR 0100). */
export const FALLBACK_SPACE = "default";

export interface Address {
  ref: ExactFormRef;
  space: string;
  name: string;
}

export function exactQuery(a: Address): string {
  const q = new URLSearchParams({ space: a.space, definitionVersion: a.ref.definitionVersion, schemaDigest: a.ref.schemaDigest });
  return q.toString();
}

/** A 2xx answer of a route whose body the wire schema names `T` (generated/wire/host-api.ts); still to be checked. */
function answer<T>(response: Promise<HostResponse>): Promise<HostAnswer<T>> {
  return response as Promise<HostAnswer<T>>;
}

export class HostApi {
  /** Support profiles, read lazily at plan time and kept for this configured provider. */
  readonly support: SupportCache;

  private constructor(
    readonly http: HostHttp,
    readonly config: ProviderConfig,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.support = new SupportCache(http, () => this.requestDeadline());
  }

  static async connect(config: ProviderConfig, signal?: AbortSignal): Promise<HostApi> {
    const opts = {
      token: config.token,
      requestTimeoutMs: config.requestTimeoutMs,
      signal,
      userAgent: `takoform-terraform-provider (terraform ${config.terraformVersion})`,
    };
    const probe = new HostHttp(config.endpoint, opts);
    const found = await discover(config.endpoint, async (url, deadlineMs) => {
      const r = await probe.once("GET", url, {}, deadlineMs);
      return { status: r.status, body: r.body };
    });
    return new HostApi(new HostHttp(found.api, opts), config, signal);
  }

  /** Absolute time after which no new attempt starts for one request. */
  private requestDeadline(): number {
    return Date.now() + this.config.requestTimeoutMs;
  }

  operationDeadline(): number {
    return Date.now() + this.config.operationTimeoutMs;
  }

  validate(body: unknown): Promise<HostAnswer<ValidateResponse>> {
    return answer(this.http.send("POST", "resources/validate", { body, deadline: this.requestDeadline() }));
  }

  prepare(body: unknown, expectedGeneration?: string): Promise<HostAnswer<PrepareResponse>> {
    const headers: Record<string, string> = expectedGeneration ? { "takoform-expected-generation": expectedGeneration } : {};
    return answer(this.http.send("POST", "resources/prepare", { body, headers, deadline: this.requestDeadline() }));
  }

  /** `Prefer: respond-async` when the provider block asks for asynchronous answers (RFC 7240). */
  preference(): Record<string, string> {
    return this.config.respondAsync ? { prefer: "respond-async" } : {};
  }

  /** A mutation with the Idempotency-Key of its attempt and exact request (ADR 0160). */
  private mutate(
    method: "PUT" | "POST" | "DELETE",
    target: string,
    body: unknown,
    headers: Record<string, string>,
    parts: KeyParts,
  ): Promise<HostAnswer<MutationAccepted>> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    // The preference stays out of the key: asking for 202 does not change what is asked.
    const all = { ...headers, "idempotency-key": idempotencyKey(method, target, headers, text, parts), ...this.preference() };
    return answer(this.http.send(method, target, { body, headers: all, deadline: this.requestDeadline() }));
  }

  apply(a: Address, body: unknown, headers: Record<string, string>, attempt: string | undefined): Promise<HostAnswer<MutationAccepted>> {
    return this.mutate("PUT", resourcePath(a.ref.apiVersion, a.ref.kind, a.name), body, headers, { attempt });
  }

  read(a: Address): Promise<HostAnswer<ResourceResponse>> {
    return answer(this.http.send("GET", `${resourcePath(a.ref.apiVersion, a.ref.kind, a.name)}?${exactQuery(a)}`, { deadline: this.requestDeadline() }));
  }

  /**
   * A delete's key is bound to the incarnation it removes: a host keeps replaying a delete's 204
   * (the record reports no live incarnation), so a later incarnation of the same name at the same
   * generation would otherwise be answered with the earlier deletion and never removed.
   */
  remove(a: Address, headers: Record<string, string>, parts: KeyParts): Promise<HostAnswer<MutationAccepted>> {
    return this.mutate("DELETE", `${resourcePath(a.ref.apiVersion, a.ref.kind, a.name)}?${exactQuery(a)}`, undefined, headers, parts);
  }

  adopt(a: Address, body: unknown, headers: Record<string, string>, attempt: string | undefined): Promise<HostAnswer<MutationAccepted>> {
    return this.mutate("POST", `${resourcePath(a.ref.apiVersion, a.ref.kind, a.name)}/import`, body, headers, { attempt });
  }

  operation(id: string): Promise<Operation> {
    return waitForOperation(this.http, id, { deadline: this.operationDeadline(), signal: this.signal });
  }
}

const connections = new WeakMap<ProviderConfig, Promise<HostApi>>();

/** One discovery per configured provider; a failed discovery is retried by the next call. */
export function hostFor(config: ProviderConfig, signal?: AbortSignal): Promise<HostApi> {
  let p = connections.get(config);
  if (!p) {
    p = HostApi.connect(config, signal);
    p.catch(() => connections.delete(config));
    connections.set(config, p);
  }
  return p;
}

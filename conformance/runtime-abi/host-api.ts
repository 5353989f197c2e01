// The few Host API v1beta1 calls the runtime runner makes to deploy the probe: artifact upload,
// prepare + apply (create), read; plus the takoform sensitive-value extension (ADR 0200) for the
// deployment's sensitive variable. Black-box over HTTP with the run's bearer token.

import { createHash, randomUUID } from "node:crypto";

export const API = "/apis/forms.takoform.com/v1beta1";
export const EDGE = "edge.forms.takoform.com/v1beta1";

export class HostCallError extends Error {}

export interface FormRef {
  apiVersion: string;
  kind: string;
  definitionVersion: string;
  schemaDigest: string;
}

const sha256 = (bytes: Uint8Array) => "sha256:" + createHash("sha256").update(bytes).digest("hex");

/** What a run created, in creation order, so it can remove it again (teardown). */
type Created =
  { kind: "resource"; ref: FormRef; space: string; name: string; generation: string } | { kind: "secret"; space: string; worker: string; name: string };

export class RuntimeHostApi {
  readonly #refs = new Map<string, FormRef>();
  readonly #created: Created[] = [];

  constructor(
    readonly base: string,
    private readonly token: string,
  ) {}

  async call(method: string, target: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any; text: string }> {
    const raw = body instanceof Uint8Array;
    const res = await fetch(this.base + target, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { "content-type": raw ? "application/octet-stream" : "application/json" }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: raw ? (new Uint8Array(body as Uint8Array) as unknown as BodyInit) : JSON.stringify(body) }),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text };
  }

  private async must(what: string, reply: Promise<{ status: number; json: any; text: string }>, ok: number[]): Promise<any> {
    const r = await reply;
    if (!ok.includes(r.status)) throw new HostCallError(`${what}: the host answered ${r.status} ${r.text.slice(0, 400)}`);
    return r.json;
  }

  /**
   * The exact FormRef the host offers for an edge kind: the LOWEST definitionVersion it lists, the
   * line every relation of the edge family targets (a later ModuleWorker line, for one, provides no
   * worker.runtime contract a WorkerVersion can pin).
   */
  async formRef(kind: string): Promise<FormRef> {
    const cached = this.#refs.get(kind);
    if (cached !== undefined) return cached;
    const profiles = (await this.must("support profiles", this.call("GET", `${API}/support/forms`), [200])).profiles as { formRef: FormRef }[];
    const found = profiles.map((p) => p.formRef).filter((r) => r.apiVersion === EDGE && r.kind === kind);
    if (found.length === 0) throw new HostCallError(`the host offers no ${EDGE} ${kind}`);
    const ref = found.sort((a, b) => a.definitionVersion.localeCompare(b.definitionVersion, undefined, { numeric: true }))[0]!;
    this.#refs.set(kind, ref);
    return ref;
  }

  /** Creates a resource (prepare, then apply under If-None-Match: *); answers the resourceResponse. */
  async create(kind: string, space: string, name: string, spec: Record<string, unknown>): Promise<any> {
    const ref = await this.formRef(kind);
    const body = { apiVersion: ref.apiVersion, kind, form: { formRef: ref }, metadata: { name, space }, spec };
    const prepared = await this.must(`prepare ${kind} ${name}`, this.call("POST", `${API}/resources/prepare`, body), [200]);
    const created = await this.must(
      `apply ${kind} ${name}`,
      this.call(
        "PUT",
        `${API}/resources/${ref.apiVersion}/${kind}/${name}`,
        { ...body, review: { prepareDigest: prepared.review.prepareDigest } },
        { "if-none-match": "*", "idempotency-key": randomUUID() },
      ),
      [201],
    );
    this.#created.push({ kind: "resource", ref, space, name, generation: String(created?.metadata?.generation ?? "1") });
    return created;
  }

  /**
   * Removes what this client created, newest first (dependents before what they name), each
   * resource fenced on the generation it was created at. Answers a line per leftover it could not
   * remove (empty: nothing is left behind). A delete the host accepted asynchronously (202) is
   * waited for, so the next one does not meet the dependent it removes.
   */
  async teardown(): Promise<string[]> {
    const leftovers: string[] = [];
    for (const item of this.#created.splice(0).reverse()) {
      if (item.kind === "secret") {
        const r = await this.call("DELETE", `/x-takoform/v1/spaces/${encodeURIComponent(item.space)}/workers/${item.worker}/secrets/${item.name}`);
        if (r.status !== 204 && r.status !== 404) leftovers.push(`sensitive value ${item.name}: ${r.status} ${r.text.slice(0, 200)}`);
        continue;
      }
      const { ref, space, name } = item;
      const target = `${API}/resources/${ref.apiVersion}/${ref.kind}/${name}?${new URLSearchParams({ space, definitionVersion: ref.definitionVersion, schemaDigest: ref.schemaDigest })}`;
      let r = await this.call("DELETE", target, undefined, { "takoform-expected-generation": item.generation, "idempotency-key": randomUUID() });
      if (r.status === 202 && typeof r.json?.operation?.id === "string") r = await this.settled(r.json.operation.id);
      if (![200, 202, 204, 404].includes(r.status)) leftovers.push(`${ref.kind} ${name}: ${r.status} ${r.text.slice(0, 200)}`);
    }
    return leftovers;
  }

  /** Polls an operation until it is done (at most about 30 s); answers its last read. */
  private async settled(id: string): Promise<{ status: number; json: any; text: string }> {
    let r = await this.call("GET", `${API}/operations/${encodeURIComponent(id)}`);
    for (let i = 0; i < 120 && r.status === 200 && r.json?.done !== true; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      r = await this.call("GET", `${API}/operations/${encodeURIComponent(id)}`);
    }
    return r.status === 200 && r.json?.error !== undefined ? { ...r, status: 409 } : r;
  }

  /** Uploads and commits a WorkerBundle manifest of these modules; answers its digest. */
  async commitBundle(mainModule: string, modules: { name: string; mediaType: string; bytes: Buffer }[]): Promise<string> {
    const manifest = {
      apiVersion: "artifacts.takoform.com/v1alpha1",
      kind: "WorkerBundle",
      mainModule,
      modules: modules.map((m) => ({ name: m.name, mediaType: m.mediaType, size: m.bytes.length, digest: sha256(m.bytes) })),
    };
    const started = await this.must("artifact upload", this.call("POST", `${API}/artifacts/uploads`, { manifest }, { "idempotency-key": randomUUID() }), [201]);
    for (const digest of started.missingBlobs as string[]) {
      const blob = modules.find((m) => sha256(m.bytes) === digest)!.bytes;
      await this.must("blob upload", this.call("PUT", `${API}/artifacts/uploads/${started.uploadId}/blobs/${digest}`, new Uint8Array(blob)), [201, 204]);
    }
    const committed = await this.must(
      "artifact commit",
      this.call("POST", `${API}/artifacts/uploads/${started.uploadId}/commit`, undefined, { "idempotency-key": randomUUID() }),
      [200, 201],
    );
    return committed.manifestDigest as string;
  }

  /** The takoform sensitive-value extension (ADR 0200). */
  async putSecret(space: string, worker: string, name: string, value: string): Promise<void> {
    await this.must(
      `sensitive value ${name}`,
      this.call("PUT", `/x-takoform/v1/spaces/${encodeURIComponent(space)}/workers/${worker}/secrets/${name}`, { value }),
      [200, 201],
    );
    if (!this.#created.some((c) => c.kind === "secret" && c.space === space && c.worker === worker && c.name === name)) {
      this.#created.push({ kind: "secret", space, worker, name });
    }
  }
}

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

export class RuntimeHostApi {
  readonly #refs = new Map<string, FormRef>();

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
    return this.must(
      `apply ${kind} ${name}`,
      this.call(
        "PUT",
        `${API}/resources/${ref.apiVersion}/${kind}/${name}`,
        { ...body, review: { prepareDigest: prepared.review.prepareDigest } },
        { "if-none-match": "*", "idempotency-key": randomUUID() },
      ),
      [201],
    );
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
  }
}

// Records every exchange one tenant has with the host, and every value that belongs to one tenant
// alone (uids minted to it, its private names, its prepare digests, its hostnames, its manifest
// digests), so the tenant-load suite can prove that no answer to one tenant carries a value of the
// other that the request itself did not name.

import { API, call, type Reply } from "../../unit/host/harness.js";

export interface Exchange {
  request: string;
  response: string;
}

export class TenantRecorder {
  readonly exchanges: Exchange[] = [];
  readonly secrets = new Set<string>();
  requests = 0;

  constructor(
    readonly label: string,
    readonly token: string,
    readonly base: string,
  ) {}

  /** One request; the answer's uid, prepare digest and hostnames become this tenant's secrets. */
  async send(method: string, target: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> {
    const bodyText = options.body === undefined ? "" : JSON.stringify(options.body);
    const reply = await call(this.base, method, target, {
      token: this.token,
      ...(options.body === undefined ? {} : { rawBody: bodyText }),
      headers: { ...(options.body === undefined ? {} : { "content-type": "application/json" }), ...(options.headers ?? {}) },
    });
    this.requests++;
    const headerText = [...reply.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
    this.exchanges.push({
      request: `${method} ${target}\n${JSON.stringify(options.headers ?? {})}\n${bodyText}`,
      response: `${reply.status}\n${headerText}\n${reply.text}`,
    });
    this.harvest(reply.json);
    return reply;
  }

  private harvest(value: unknown): void {
    const resource = (value as any)?.resource ?? (value as any)?.operation?.result?.resource ?? value;
    const uid = resource?.metadata?.uid;
    if (typeof uid === "string") this.secrets.add(uid);
    const digest = (value as any)?.review?.prepareDigest;
    if (typeof digest === "string") this.secrets.add(digest);
    const hostname = resource?.status?.outputs?.hostname;
    if (typeof hostname === "string") this.secrets.add(hostname);
  }
}

/** Values of `owner` that appear in an answer to `reader` whose request did not itself carry them. */
export function leaks(reader: TenantRecorder, owner: TenantRecorder): string[] {
  const found: string[] = [];
  for (const exchange of reader.exchanges) {
    for (const secret of owner.secrets) {
      if (exchange.response.includes(secret) && !exchange.request.includes(secret)) {
        found.push(`${reader.label} was answered ${owner.label}'s ${JSON.stringify(secret)} to ${exchange.request.split("\n")[0]}`);
      }
    }
  }
  return found;
}

/** An answer with its request id and the given names (and digests) replaced by placeholders. */
export function normalized(reply: Reply, substitutions: [string, string][]): string {
  let text = `${reply.status}\n${reply.headers.get("content-type") ?? ""}\n${reply.headers.get("etag") ?? ""}\n${reply.headers.get("retry-after") ?? ""}\n${reply.text}`;
  const requestId = reply.headers.get("takoform-request-id");
  if (requestId !== null) text = text.split(requestId).join("<request-id>");
  for (const [value, placeholder] of substitutions) text = text.split(value).join(placeholder);
  return text;
}

export const RESOURCES = `${API}/resources`;

// Everything one check may use: three callers (the primary credential, a second principal of
// the same tenant, and a caller of another tenant), an unauthenticated caller, the pinned
// corpus, the wire validator, and a name allocator of its own.

import type { InstalledForm } from "../../corpus/lib/index.js";
import { Caller } from "./caller.js";
import { pinnedDocumentInspector } from "./pinned-documents.js";
import type { PinnedCorpus } from "./corpus.js";
import type { RunnerCredentials } from "./credentials.js";
import type { HttpTransport } from "./http.js";
import { Plane } from "./lifecycle.js";
import { NameAllocator } from "./names.js";
import type { WireValidator } from "./wire-schemas.js";

export interface RunEnvironment {
  origin: string;
  transport: HttpTransport;
  wire: WireValidator;
  corpus: PinnedCorpus;
  credentials: RunnerCredentials;
  runId: string;
}

export class CheckContext {
  readonly names: NameAllocator;
  /** The first credential. */
  readonly primary: Plane;
  /** The second credential: same tenant as primary, another principal. */
  readonly peer: Plane;
  /** The third credential: another tenant. */
  readonly stranger: Plane;
  /** No Authorization header at all. */
  readonly anonymous: Plane;
  /** The run's space and its alternate (a second space of the same tenants). */
  readonly space: string;
  readonly altSpace: string;

  constructor(
    readonly env: RunEnvironment,
    readonly check: string,
  ) {
    this.names = new NameAllocator(env.runId, check);
    const c = env.credentials;
    this.primary = this.plane("primary", c.primary.token);
    this.peer = this.plane("peer", c.peer.token);
    this.stranger = this.plane("stranger", c.stranger.token);
    this.anonymous = this.plane("anonymous", undefined);
    this.space = `conformance-${env.runId}`;
    this.altSpace = `conformance-alt-${env.runId}`;
  }

  /** A caller presenting an arbitrary bearer token. */
  plane(label: string, token: string | undefined): Plane {
    return new Plane(new Caller(label, this.env.transport, this.env.wire, token, pinnedDocumentInspector(this.env.corpus)), () => this.names.key());
  }

  get corpus(): PinnedCorpus {
    return this.env.corpus;
  }

  get wire(): WireValidator {
    return this.env.wire;
  }

  form(kind: string): InstalledForm {
    return this.env.corpus.form(kind);
  }

  name(hint?: string): string {
    return this.names.name(hint);
  }
}

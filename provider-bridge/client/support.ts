// Host Support Profiles (GET {api}/support/forms/..., /support/bindings/...):
// what one host says it implements. An answer is a profile, an explicit
// refusal (form_unknown or resource_not_found on a support route: the host
// does not carry it), or unreadable (anything else: the plan cannot decide and
// says so, and apply stays the backstop; reference decision 0031).
import { HostError } from "./errors.js";
import type { HostHttp } from "./http.js";
import { groupSegments } from "./paths.js";

export interface SupportProfile {
  apiVersion?: string;
  kind?: string;
  formRef?: { apiVersion?: string; kind?: string; definitionVersion?: string; schemaDigest?: string };
  bindingRef?: { apiVersion?: string; name?: string; version?: string; schemaDigest?: string };
  interfaceRef?: { apiVersion?: string; name?: string; version?: string; schemaDigest?: string };
  operations?: string[];
  supportedEnums?: Record<string, string[]>;
  supportedRanges?: Record<string, { minimum?: number | string; maximum?: number | string }>;
  supportedBindings?: string[];
  limits?: Record<string, number>;
}

export type SupportAnswer =
  | { kind: "profile"; path: string; profile: SupportProfile }
  | { kind: "refused"; path: string; code: string; status: number; message: string }
  | { kind: "unreadable"; path: string; message: string };

export function formSupportPath(ref: { apiVersion: string; kind: string; definitionVersion: string }): string {
  return `support/forms/${groupSegments(ref.apiVersion)}/${encodeURIComponent(ref.kind)}/${encodeURIComponent(ref.definitionVersion)}`;
}

export function bindingSupportPath(name: string, version: string): string {
  return `support/bindings/${encodeURIComponent(name)}/${encodeURIComponent(version)}`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** One support read, classified. Never throws. */
export async function readSupport(http: HostHttp, path: string, deadline: number): Promise<SupportAnswer> {
  try {
    const res = await http.send("GET", path, { deadline });
    if (!isObject(res.body)) return { kind: "unreadable", path, message: "the answer is not a JSON object" };
    return { kind: "profile", path, profile: res.body as SupportProfile };
  } catch (err) {
    if (err instanceof HostError && (err.code === "form_unknown" || err.code === "resource_not_found")) {
      return { kind: "refused", path, code: err.code, status: err.status, message: err.message };
    }
    return { kind: "unreadable", path, message: (err as Error).message };
  }
}

/** Reads each support path at most once (a profile is a static statement about one host). */
export class SupportCache {
  private readonly answers = new Map<string, Promise<SupportAnswer>>();

  constructor(
    private readonly http: HostHttp,
    private readonly deadline: () => number,
  ) {}

  get(path: string): Promise<SupportAnswer> {
    let answer = this.answers.get(path);
    if (!answer) {
      answer = readSupport(this.http, path, this.deadline());
      // An unreadable answer is asked again next time; a profile or a refusal is kept.
      void answer.then((a) => a.kind === "unreadable" && this.answers.delete(path));
      this.answers.set(path, answer);
    }
    return answer;
  }
}

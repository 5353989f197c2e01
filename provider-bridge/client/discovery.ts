// Discovery of the v1beta1 lane: GET {endpoint}/.well-known/takoform/v1beta1,
// under a short deadline of its own (not the operation deadline). The
// document must name exactly this lane, every required feature true, an api
// endpoint on the same origin at /apis/forms.takoform.com/v1beta1, and no
// advertised path may carry percent-encoding (compared escaped, never decoded).
import { HostError, TransportError } from "./errors.js";

export const DISCOVERY_PATH = "/.well-known/takoform/v1beta1";
export const API_PATH = "/apis/forms.takoform.com/v1beta1";
export const DEFAULT_DISCOVERY_DEADLINE_MS = 10_000;
const REQUIRED_FEATURES = [
  "service_forms",
  "exact_form_ref",
  "optimistic_concurrency",
  "idempotent_lifecycle",
  "operations",
  "artifact_upload",
  "support_profiles",
];
const SUB_ENDPOINTS: Record<string, string> = { artifacts: "/artifacts", operations: "/operations", support: "/support" };

export interface Discovered {
  /** {api}: where every v1beta1 request goes, without a trailing slash. */
  api: string;
  artifacts?: string;
  operations?: string;
  support?: string;
}

export class DiscoveryError extends Error {}

/** The host answered, and refused the credential (401/403): the endpoint is right, the token is not. */
export class CredentialRefused extends DiscoveryError {}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The raw path of an absolute URL as written (URL would normalize and decode parts of it). */
function rawPath(url: string): string {
  const m = /^https?:\/\/[^/?#]+(\/[^?#]*)?$/.exec(url);
  if (!m) throw new DiscoveryError(`${JSON.stringify(url)} is not an http(s) URL without query or fragment`);
  return m[1] ?? "";
}

/** Checks a discovery document fetched from `origin`; throws DiscoveryError naming what is wrong. */
export function checkDiscovery(doc: unknown, origin: string): Discovered {
  if (!isObject(doc)) throw new DiscoveryError("the discovery document is not a JSON object");
  const versions = doc["api_versions"];
  if (!Array.isArray(versions) || versions.length !== 1 || versions[0] !== "forms.takoform.com/v1beta1") {
    throw new DiscoveryError(`api_versions must be exactly ["forms.takoform.com/v1beta1"], got ${JSON.stringify(versions)}`);
  }
  const features = doc["features"];
  const missing = REQUIRED_FEATURES.filter((f) => !isObject(features) || features[f] !== true);
  if (missing.length > 0) throw new DiscoveryError(`required features not offered: ${missing.join(", ")}`);
  const endpoints = doc["endpoints"];
  if (!isObject(endpoints) || typeof endpoints["api"] !== "string") throw new DiscoveryError("endpoints.api is missing");
  for (const [name, value] of Object.entries(endpoints)) {
    if (typeof value !== "string") throw new DiscoveryError(`endpoints.${name} is not a string`);
    if (value.includes("%")) throw new DiscoveryError(`endpoints.${name} carries percent-encoding (${value}); this lane's paths never do`);
  }
  const api = endpoints["api"];
  if (new URL(api).origin !== origin || rawPath(api) !== API_PATH) {
    throw new DiscoveryError(`endpoints.api must be ${origin}${API_PATH}, got ${api}`);
  }
  const out: Discovered = { api };
  for (const [name, suffix] of Object.entries(SUB_ENDPOINTS)) {
    const v = endpoints[name];
    if (v === undefined) continue;
    if (typeof v !== "string" || new URL(v).origin !== origin || rawPath(v) !== API_PATH + suffix) {
      throw new DiscoveryError(`endpoints.${name} must be ${origin}${API_PATH}${suffix}, got ${String(v)}`);
    }
    (out as unknown as Record<string, string>)[name] = v;
  }
  return out;
}

export type JsonGet = (url: string, deadlineMs: number) => Promise<{ status: number; body: unknown }>;

/** Fetches and checks the discovery document of the host at `endpoint` (its base URL). */
export async function discover(endpoint: string, get: JsonGet, deadlineMs = DEFAULT_DISCOVERY_DEADLINE_MS): Promise<Discovered> {
  const base = endpoint.replace(/\/+$/, "");
  let answer;
  try {
    answer = await get(base + DISCOVERY_PATH, deadlineMs);
  } catch (err) {
    if (err instanceof HostError && (err.status === 401 || err.status === 403)) {
      throw new CredentialRefused(
        `${base}${DISCOVERY_PATH} answered ${err.status} ${err.code}${err.requestId ? ` (request ${err.requestId})` : ""}: ${err.message}`,
      );
    }
    throw new DiscoveryError(`no discovery document at ${base}${DISCOVERY_PATH} within ${deadlineMs} ms: ${(err as Error).message}`);
  }
  if (answer.status !== 200) throw new DiscoveryError(`${base}${DISCOVERY_PATH} answered ${answer.status}`);
  try {
    return checkDiscovery(answer.body, new URL(base).origin);
  } catch (err) {
    if (err instanceof DiscoveryError || err instanceof TransportError) throw new DiscoveryError(`${base}${DISCOVERY_PATH}: ${err.message}`);
    throw err;
  }
}

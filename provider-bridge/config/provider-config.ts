// Validating and resolving the provider block. Values the configuration
// leaves null fall back to TAKOFORM_* environment variables, then defaults.
import { errorDiag, type Diagnostic } from "../framework/diagnostics.js";
import { Unknown, type CtyObject, type CtyValue } from "../wire/value.js";
import { parseDuration } from "./duration.js";
import { DEFAULT_OPERATION_TIMEOUT, DEFAULT_REQUEST_TIMEOUT } from "./provider-schema.js";

export interface ProviderConfig {
  /** Host base URL, without a trailing slash. */
  readonly endpoint: string;
  readonly token: string | undefined;
  readonly space: string | undefined;
  readonly requestTimeoutMs: number;
  readonly operationTimeoutMs: number;
  /** Send `Prefer: respond-async` on mutations (the host may then answer 202). */
  readonly respondAsync: boolean;
  readonly terraformVersion: string;
}

function knownString(v: CtyValue | undefined): string | null | Unknown {
  if (v instanceof Unknown) return v;
  return typeof v === "string" ? v : null;
}

function checkEndpoint(text: string, diags: Diagnostic[], fromEnv: boolean): string | undefined {
  const where = fromEnv ? "TAKOFORM_ENDPOINT" : "endpoint";
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    diags.push(
      errorDiag(
        "Invalid host endpoint",
        `${where} must be an absolute URL such as https://takoform.example.com; got ${JSON.stringify(text)}.`,
        fromEnv ? undefined : [{ attribute: "endpoint" }],
      ),
    );
    return undefined;
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") {
    diags.push(
      errorDiag(
        "Invalid host endpoint",
        `${where} must be an http or https URL without credentials, query or fragment; got ${JSON.stringify(text)}.`,
        fromEnv ? undefined : [{ attribute: "endpoint" }],
      ),
    );
    return undefined;
  }
  return url.toString().replace(/\/+$/, "");
}

function checkDuration(name: string, text: string, diags: Diagnostic[]): number | undefined {
  const ms = parseDuration(text);
  if (ms === undefined)
    diags.push(
      errorDiag(`Invalid ${name}`, `${name} must be a positive duration such as "30s", "5m" or "1h30m"; got ${JSON.stringify(text)}.`, [{ attribute: name }]),
    );
  return ms;
}

function knownBool(v: CtyValue | undefined): boolean | null | Unknown {
  if (v instanceof Unknown) return v;
  return typeof v === "boolean" ? v : null;
}

/** TAKOFORM_RESPOND_ASYNC: "true"/"1" or "false"/"0"/empty; anything else is refused. */
function envBool(name: string, env: NodeJS.ProcessEnv, diags: Diagnostic[]): boolean {
  const text = (env[name] ?? "").trim().toLowerCase();
  if (text === "" || text === "false" || text === "0") return false;
  if (text === "true" || text === "1") return true;
  diags.push(
    errorDiag(`Invalid ${name}`, `${name} must be "true" or "false"; got ${JSON.stringify(env[name])}. Unset it or set respond_async in the provider block.`),
  );
  return false;
}

/** ValidateProviderConfig: checks what is known, without the environment. */
export function validateProviderConfig(config: CtyObject): Diagnostic[] {
  const diags: Diagnostic[] = [];
  const endpoint = knownString(config["endpoint"]);
  if (typeof endpoint === "string") checkEndpoint(endpoint, diags, false);
  for (const name of ["request_timeout", "operation_timeout"]) {
    const v = knownString(config[name]);
    if (typeof v === "string") checkDuration(name, v, diags);
  }
  for (const name of ["space", "token"]) {
    if (config[name] === "") diags.push(errorDiag(`Empty ${name}`, `${name} must not be empty; leave it unset to use the default.`, [{ attribute: name }]));
  }
  return diags;
}

export type ResolvedConfig = { config: ProviderConfig; diagnostics: Diagnostic[] } | { config: undefined; diagnostics: Diagnostic[]; unknown: boolean };

/** ConfigureProvider: the effective configuration, or why there is none. */
export function resolveProviderConfig(config: CtyObject, env: NodeJS.ProcessEnv, terraformVersion: string): ResolvedConfig {
  const diags = validateProviderConfig(config);
  const values = ["endpoint", "token", "space", "request_timeout", "operation_timeout"].map((n) => knownString(config[n]));
  const respondAsyncCfg = knownBool(config["respond_async"]);
  if (values.some((v) => v instanceof Unknown) || respondAsyncCfg instanceof Unknown) {
    // Depends on something not yet created; Terraform configures again during apply.
    return { config: undefined, diagnostics: diags, unknown: true };
  }
  const [endpointCfg, tokenCfg, spaceCfg, requestCfg, operationCfg] = values as (string | null)[];
  const endpointText = endpointCfg ?? env["TAKOFORM_ENDPOINT"] ?? null;
  let endpoint: string | undefined;
  if (endpointText === null || endpointText === "") {
    diags.push(
      errorDiag(
        "Missing host endpoint",
        'Set endpoint in the provider "takoform" block or the TAKOFORM_ENDPOINT environment variable to the base URL of the Takoform host.',
      ),
    );
  } else if (endpointCfg === null) {
    endpoint = checkEndpoint(endpointText, diags, true);
  } else {
    endpoint = checkEndpoint(endpointText, [], false);
  }
  const requestTimeoutMs = parseDuration(requestCfg ?? DEFAULT_REQUEST_TIMEOUT);
  const operationTimeoutMs = parseDuration(operationCfg ?? DEFAULT_OPERATION_TIMEOUT);
  const respondAsync = respondAsyncCfg ?? envBool("TAKOFORM_RESPOND_ASYNC", env, diags);
  if (diags.some((d) => d.severity === "error") || endpoint === undefined || requestTimeoutMs === undefined || operationTimeoutMs === undefined) {
    return { config: undefined, diagnostics: diags, unknown: false };
  }
  const token = tokenCfg ?? (env["TAKOFORM_TOKEN"] || undefined);
  const space = spaceCfg ?? (env["TAKOFORM_SPACE"] || undefined);
  return { config: { endpoint, token, space, requestTimeoutMs, operationTimeoutMs, respondAsync, terraformVersion }, diagnostics: diags };
}

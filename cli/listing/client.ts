// The CLI's side of the host's resource listing (GET /x-takoform/v1/resources, a takoform
// host extension): where the host is and which credential to present, resolved like the provider
// does (--endpoint/--token, else TAKOFORM_ENDPOINT/TAKOFORM_TOKEN), and every page of the listing.
// Each failure is a ListingError whose message says what happened and what to do.

export const LISTING_PATH = "/x-takoform/v1/resources";
export const DEFAULT_SPACE = "default"; // the provider's fallback space (provider-bridge/lifecycle/host-api.ts)
const REQUEST_TIMEOUT_MS = 10_000;

export type { ListedRelation, ListedResource } from "../../host/listing/entry.js";
import type { ListedResource } from "../../host/listing/entry.js";

export interface HostTarget {
  endpoint: string;
  token: string | undefined;
}

export class ListingError extends Error {}

/** The endpoint and token: flags first, then TAKOFORM_ENDPOINT / TAKOFORM_TOKEN. */
export function hostTarget(flags: { endpoint?: string; token?: string }, env: NodeJS.ProcessEnv): HostTarget {
  const fromFlag = flags.endpoint !== undefined;
  const text = flags.endpoint ?? env["TAKOFORM_ENDPOINT"] ?? "";
  const where = fromFlag ? "--endpoint" : "TAKOFORM_ENDPOINT";
  if (text === "") {
    throw new ListingError("no host endpoint: set TAKOFORM_ENDPOINT (or pass --endpoint URL) to the base URL of the Takoform host, e.g. http://127.0.0.1:8787");
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ListingError(`${where} must be an absolute URL such as https://takoform.example.com; got ${JSON.stringify(text)}`);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") {
    throw new ListingError(`${where} must be an http or https URL without credentials, query or fragment; got ${JSON.stringify(text)}`);
  }
  const token = flags.token ?? (env["TAKOFORM_TOKEN"] || undefined);
  return { endpoint: url.toString().replace(/\/+$/, ""), token };
}

async function page(target: HostTarget, query: URLSearchParams): Promise<{ resources: ListedResource[]; nextCursor?: string }> {
  const url = `${target.endpoint}${LISTING_PATH}?${query}`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: target.token === undefined ? {} : { authorization: `Bearer ${target.token}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    throw new ListingError(
      `cannot reach the Takoform host at ${target.endpoint} within ${REQUEST_TIMEOUT_MS} ms (${cause}); check TAKOFORM_ENDPOINT and that the host is running`,
    );
  }
  const text = await res.text();
  let body: { error?: { code?: string; message?: string; requestId?: string } } & { resources?: ListedResource[]; nextCursor?: string };
  try {
    body = JSON.parse(text);
  } catch {
    throw new ListingError(`${target.endpoint} answered ${res.status} with a body that is not JSON; is TAKOFORM_ENDPOINT the Takoform host?`);
  }
  if (res.status === 401) {
    throw new ListingError(
      `the host at ${target.endpoint} refused the credential (401 ${body.error?.code ?? "unauthenticated"}): ${body.error?.message ?? ""}; ` +
        "set TAKOFORM_TOKEN (or --token) to a token from the host's --credentials file (the demo writes .takoform/demo/credentials.json)",
    );
  }
  if (res.status === 404) {
    throw new ListingError(
      `the host at ${target.endpoint} has no resource listing (${LISTING_PATH} answered 404); it is a takoform host extension, use a takoform host`,
    );
  }
  if (res.status !== 200 || !Array.isArray(body.resources)) {
    throw new ListingError(
      `the host refused the listing (${res.status} ${body.error?.code ?? ""}): ${body.error?.message ?? text.slice(0, 300)} (request ${body.error?.requestId ?? "?"})`,
    );
  }
  return body.nextCursor === undefined ? { resources: body.resources } : { resources: body.resources, nextCursor: body.nextCursor };
}

/** Every resource the listing holds for this filter, following nextCursor to the end. */
export async function listAll(target: HostTarget, filter: { space?: string; kind?: string }): Promise<ListedResource[]> {
  const out: ListedResource[] = [];
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ limit: "500" });
    if (filter.space !== undefined) query.set("space", filter.space);
    if (filter.kind !== undefined) query.set("kind", filter.kind);
    if (cursor !== undefined) query.set("cursor", cursor);
    const next = await page(target, query);
    out.push(...next.resources);
    cursor = next.nextCursor;
  } while (cursor !== undefined);
  return out;
}

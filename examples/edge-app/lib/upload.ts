// Puts local artifacts on a Host API v1beta1 host through its artifact routes: start an upload
// with the manifest, PUT each blob the tenant does not hold yet, commit. The provider has no
// file-upload attribute yet (its bundle resources take a committed manifest_digest), so this
// runs before `cdktf deploy`; committing an already-held manifest is a no-op.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Artifact } from "./artifact.js";

export interface HostAccess {
  /** Base URL of the host (what the provider's `endpoint` / TAKOFORM_ENDPOINT holds). */
  endpoint: string;
  token?: string | undefined;
}

interface Discovery {
  endpoints: { artifacts?: string; api: string };
}

async function call(url: string, init: RequestInit, access: HostAccess): Promise<Response> {
  const headers = new Headers(init.headers);
  if (access.token !== undefined && access.token !== "") headers.set("Authorization", `Bearer ${access.token}`);
  const res = await fetch(url, { ...init, headers });
  if (res.status >= 400) {
    const body = await res.text();
    throw new Error(`${init.method ?? "GET"} ${url}: ${res.status} ${body}`);
  }
  return res;
}

async function artifactsUrl(access: HostAccess): Promise<string> {
  const base = access.endpoint.replace(/\/+$/, "");
  const res = await call(`${base}/.well-known/takoform/v1beta1`, {}, access);
  const doc = (await res.json()) as Discovery;
  return doc.endpoints.artifacts ?? `${doc.endpoints.api}/artifacts`;
}

/** Uploads and commits one artifact; resolves to the host's manifestDigest (checked against ours). */
export async function uploadArtifact(artifact: Artifact, access: HostAccess, base?: string): Promise<string> {
  const root = base ?? (await artifactsUrl(access));
  const json = { "content-type": "application/json" };
  const started = await call(
    `${root}/uploads`,
    { method: "POST", headers: { ...json, "Idempotency-Key": randomUUID() }, body: JSON.stringify({ manifest: artifact.manifest }) },
    access,
  );
  const { uploadId, missingBlobs } = (await started.json()) as { uploadId: string; missingBlobs: string[] };
  for (const digest of missingBlobs) {
    const file = artifact.blobs.get(digest);
    if (file === undefined) throw new Error(`host asked for ${digest}, which the manifest does not list`);
    await call(
      `${root}/uploads/${uploadId}/blobs/${digest}`,
      { method: "PUT", headers: { "content-type": "application/octet-stream" }, body: readFileSync(file) },
      access,
    );
  }
  const committed = await call(`${root}/uploads/${uploadId}/commit`, { method: "POST", headers: { "Idempotency-Key": randomUUID() } }, access);
  const { manifestDigest } = (await committed.json()) as { manifestDigest: string };
  if (manifestDigest !== artifact.manifestDigest) throw new Error(`host committed ${manifestDigest}, expected ${artifact.manifestDigest}`);
  return manifestDigest;
}

export async function uploadAll(artifacts: readonly Artifact[], access: HostAccess): Promise<string[]> {
  const root = await artifactsUrl(access);
  const digests: string[] = [];
  for (const artifact of artifacts) digests.push(await uploadArtifact(artifact, access, root));
  return digests;
}

// The upload flow of the artifact transport, spoken by one caller: start a session with the
// manifest, PUT every blob the host reports missing, commit. A commit may be answered 202 (the
// operation table allows it); the helper then follows the Operation to its end. A refusal may come
// at any of the three steps (a host MUST refuse "before commit", and the ceilings already at start);
// expectUploadRefused accepts the first refusal, requires its code, and proves nothing was committed.

import type { ErrorCode } from "../../../corpus/lib/index.js";
import { expectEqual, expectError, expectStatus, fail, show } from "../assert.js";
import { describeResponse, errorOf, type HeaderMap, type HostResponse } from "../http.js";
import type { Plane } from "../lifecycle.js";
import { expectSucceeded } from "../operations/outcomes.js";
import { operationOfAccepted } from "../operations/document.js";
import { pollUntilDone } from "../operations/requests.js";
import type { Artifact } from "./bundles.js";
import { expectManifestMissing } from "./holding.js";
import { commitUpload, putBlob, startUpload } from "./routes.js";

export interface Session {
  uploadId: string;
  missingBlobs: string[];
}

/** POST {api}/artifacts/uploads: 200/201 with an uploadId and the missing digests. */
export async function openSession(plane: Plane, art: Artifact, what: string): Promise<Session> {
  const res = await startUpload(plane, art.manifest);
  expectStatus(res, [200, 201], `${what}: upload start`);
  const body = res.body as Session;
  for (const d of body.missingBlobs) {
    if (!art.blobs.has(d)) fail(`${what}: the host reports blob ${d} missing, which the manifest does not name`);
  }
  return { uploadId: body.uploadId, missingBlobs: [...body.missingBlobs] };
}

/** PUTs each of `digests` from the artifact's bytes; each must be 201 or 204. */
export async function putBlobs(plane: Plane, session: Session, art: Artifact, digests: readonly string[], what: string): Promise<void> {
  for (const d of digests) {
    const bytes = art.blobs.get(d);
    if (!bytes) fail(`${what}: the runner holds no bytes for ${d}`);
    expectStatus(await putBlob(plane, session.uploadId, d, bytes), [201, 204], `${what}: PUT of blob ${d}`);
  }
}

/** The manifest digest a commit answer reports: directly (200/201) or through its Operation (202). */
export async function committedDigest(plane: Plane, res: HostResponse, what: string): Promise<{ digest: string; res: HostResponse }> {
  if (res.status === 202) {
    const accepted = operationOfAccepted(res, `${what}: commit`);
    const settled = await pollUntilDone(plane, accepted.id, `${what}: commit`);
    const result = expectSucceeded(settled.op, `${what}: commit`);
    const digest = (result["manifestDigest"] ?? settled.op.target?.manifestDigest) as string | undefined;
    if (typeof digest !== "string") fail(`${what}: the finished commit names no manifestDigest (result ${show(result)})`);
    return { digest, res: settled.res };
  }
  expectStatus(res, [200, 201], `${what}: commit`);
  return { digest: (res.body as { manifestDigest: string }).manifestDigest, res };
}

/** Commits the session; the answer must name the artifact's canonical digest. */
export async function commitSession(
  plane: Plane,
  session: Session,
  art: Artifact,
  what: string,
  opts: { key?: string; headers?: HeaderMap } = {},
): Promise<string> {
  const { digest } = await committedDigest(plane, await commitUpload(plane, session.uploadId, opts), what);
  expectEqual(digest, art.digest, `${what}: committed manifestDigest (the RFC 8785 digest of the manifest)`);
  return digest;
}

/** The whole flow; returns the committed manifest digest. */
export async function upload(plane: Plane, art: Artifact, what: string): Promise<string> {
  const session = await openSession(plane, art, what);
  await putBlobs(plane, session, art, session.missingBlobs, what);
  return commitSession(plane, session, art, what);
}

export type RefusalStage = "start" | "blob" | "commit";

/** Drives the flow until the host refuses; the refusal must be `code`, and nothing may be committed. */
export async function expectUploadRefused(plane: Plane, art: Artifact, code: ErrorCode, what: string): Promise<RefusalStage> {
  const stage = await refusedStage(plane, art, code, what);
  await expectManifestMissing(plane, art.digest, `${what}: read of the manifest after the refusal`);
  return stage;
}

async function refusedStage(plane: Plane, art: Artifact, code: ErrorCode, what: string): Promise<RefusalStage> {
  const start = await startUpload(plane, art.manifest);
  if (start.status >= 400) {
    expectError(start, code, `${what} (refused at upload start)`);
    return "start";
  }
  expectStatus(start, [200, 201], `${what}: upload start`);
  const session = start.body as Session;
  for (const d of session.missingBlobs) {
    const bytes = art.blobs.get(d);
    if (!bytes) continue;
    const put = await putBlob(plane, session.uploadId, d, bytes);
    if (put.status >= 400) {
      expectError(put, code, `${what} (refused at the PUT of ${d})`);
      return "blob";
    }
  }
  const commit = await commitUpload(plane, session.uploadId);
  if (commit.status === 202) {
    const settled = await pollUntilDone(plane, operationOfAccepted(commit, `${what}: commit`).id, `${what}: commit`);
    if (!settled.op.error || settled.op.error.code !== code) fail(`${what}: expected the commit to fail ${code}, the operation answered ${settled.res.text}`);
    return "commit";
  }
  if (commit.status < 400) fail(`${what}: expected ${code}, the upload was committed: ${describeResponse(commit)}`);
  expectError(commit, code, `${what} (refused at commit)`);
  return "commit";
}

/** The code of a refusal, for messages. */
export function codeOf(res: HostResponse): string {
  return errorOf(res)?.code ?? `HTTP ${res.status}`;
}

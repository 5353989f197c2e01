// Artifact transport: the host verifies every blob's bytes against the address it is PUT under.
// Bytes whose sha256 differs are refused artifact_invalid (400) and held under neither digest; the
// session cannot commit on them (artifact_missing), and the right bytes under the same address are
// accepted and commit.

import { defineCheck } from "../check.js";
import { expectError, expectStatus } from "../harness/assert.js";
import {
  commitSession,
  commitUpload,
  expectBlobHeld,
  expectBlobNotHeld,
  expectManifestMissing,
  freshBytes,
  openSession,
  putBlob,
  workerBundle,
  JS_MODULE,
} from "../harness/artifacts/index.js";
import { probeModule } from "../harness/artifacts.js";
import { fileDigest } from "../../corpus/lib/index.js";

export default defineCheck("bytes whose sha256 differs from the address they are PUT under are artifact_invalid and stored nowhere", async (ctx) => {
  const main = probeModule(["fetch"], ctx.names.key());
  const art = workerBundle("index.js", [{ name: "index.js", mediaType: JS_MODULE, bytes: main }]);
  const digest = fileDigest(main);
  const session = await openSession(ctx.primary, art, "upload of a fresh bundle");

  const impostor = probeModule(["fetch"], ctx.names.key());
  const sameLength = Buffer.from(main);
  sameLength[sameLength.length - 2] = sameLength[sameLength.length - 2]! ^ 0x01;
  const cases: [string, Buffer][] = [
    ["other bytes of another length", Buffer.concat([impostor, freshBytes(ctx, "// padding")])],
    ["bytes of the declared length with one bit flipped", sameLength],
    ["no bytes at all", Buffer.alloc(0)],
  ];
  for (const [label, bytes] of cases) {
    expectError(await putBlob(ctx.primary, session.uploadId, digest, bytes), "artifact_invalid", `PUT of ${label} under ${digest}`);
    await expectBlobNotHeld(ctx.primary, digest, `after the PUT of ${label}: the claimed address`);
    if (bytes.length > 0) await expectBlobNotHeld(ctx.primary, fileDigest(bytes), `after the PUT of ${label}: the bytes' own address`);
  }
  expectError(await commitUpload(ctx.primary, session.uploadId), "artifact_missing", "commit after only mismatching bytes were sent");
  await expectManifestMissing(ctx.primary, art.digest, "the refused commit committed nothing");

  expectStatus(await putBlob(ctx.primary, session.uploadId, digest, main), [201, 204], `PUT of the right bytes under ${digest}`);
  await expectBlobHeld(ctx.primary, digest, "after the PUT of the right bytes");
  const committed = await commitSession(ctx.primary, session, art, "commit after the right bytes arrived");
  return `three mismatching bodies under ${digest} were artifact_invalid and held under neither address; the commit was artifact_missing until the right bytes arrived, then committed ${committed}`;
});

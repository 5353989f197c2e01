// Writes to a bucket go through its writer worker (host/kinds/runtime/object-bucket.ts,
// storage-writer.ts, ADR 0303), and still behave as a bucket's: what a put answers carries the
// stored object's members and writes its HTTP metadata, metadata given as Headers is kept, a
// conditional put whose condition fails answers null and stores nothing, and a multipart upload
// assembles its parts into one object. Metadata of any text (KV's and the bucket's) arrives whole.
// A part past the quota is refused like a put.

import { afterAll, beforeAll, expect, it } from "vitest";
import { apply, ref } from "../unit/host/client.js";
import { deployWorker, eventually, kind, must, startRuntimeHost, viaGateway, type RuntimeHost } from "./support.js";

const SPACE = "objects";
const PART = 5 * 1024 * 1024;
let host: RuntimeHost;
let hostname: string;

const SOURCE = `export default { async fetch(request, env) {
  const q = new URL(request.url).searchParams;
  const b = env.FILES;
  try {
    switch (q.get("op")) {
      case "put": {
        const o = await b.put("doc", "hello objects", { httpMetadata: new Headers({ "content-type": "text/x-test", "cache-control": "max-age=60" }), customMetadata: { who: "me ✓ café" } });
        const headers = new Headers();
        o.writeHttpMetadata(headers);
        const got = await b.get("doc");
        return Response.json({ key: o.key, size: o.size, etag: o.etag === got.etag, httpEtag: o.httpEtag, uploaded: o.uploaded instanceof Date,
          contentType: headers.get("content-type"), cacheControl: headers.get("cache-control"), stored: got.httpMetadata.contentType,
          custom: got.customMetadata.who, md5: typeof o.checksums.toJSON().md5, text: await got.text() });
      }
      case "kv-metadata": {
        await env.KV.put("k", "v", { metadata: { title: "naïve ☃" } });
        const { value, metadata } = await env.KV.getWithMetadata("k");
        return Response.json({ value, metadata });
      }
      case "conditional": {
        const o = await b.put("doc", "replaced", { onlyIf: { etagMatches: "not-the-etag" } });
        return Response.json({ answer: o, text: await (await b.get("doc")).text() });
      }
      case "multipart": {
        const upload = await b.createMultipartUpload("big");
        const one = await upload.uploadPart(1, new Uint8Array(${PART}).fill(1));
        const two = await upload.uploadPart(2, "tail");
        const o = await upload.complete([one, two]);
        return Response.json({ size: o.size, head: (await b.head("big")).size, part: typeof one.etag });
      }
      case "part-over": {
        const upload = await b.createMultipartUpload("huge");
        await upload.uploadPart(1, new Uint8Array(${PART}));
        await upload.uploadPart(2, new Uint8Array(${PART}));
        return new Response("stored");
      }
    }
    return new Response("none");
  } catch (error) {
    return Response.json({ name: error.constructor.name, code: error.code, message: error.message }, { status: 507 });
  }
} };`;

beforeAll(async () => {
  host = await startRuntimeHost(undefined, { storageQuota: { bytesPerTenant: 3 * PART, rescanAfterMs: 0 } });
  await must(apply(host.url, kind("ObjectBucket"), "files", SPACE, {}), "bucket");
  await must(apply(host.url, kind("EdgeKVNamespace"), "cache", SPACE, {}), "kv");
  const extra = {
    bucketBindings: [{ name: "FILES", resource: ref("ObjectBucket", "files") }],
    kvBindings: [{ name: "KV", resource: ref("EdgeKVNamespace", "cache") }],
  };
  ({ hostname } = await deployWorker(host.url, SPACE, "objects", { source: SOURCE, extra }));
  await host.host.runtime!.reconcile();
  await eventually(
    () => viaGateway(host.gatewayPort, hostname, "/?op=none"),
    (r) => r.status === 200,
    "the worker serves",
  );
}, 120_000);
afterAll(async () => host.close());

const call = async (op: string) => {
  const reply = await viaGateway(host.gatewayPort, hostname, `/?op=${op}`);
  return { status: reply.status, json: JSON.parse(reply.body) as Record<string, unknown> };
};

it("answers a put with the stored object's members, and keeps metadata given as Headers", async () => {
  expect(await call("put")).toEqual({
    status: 200,
    json: {
      key: "doc",
      size: 13,
      etag: true,
      httpEtag: expect.stringMatching(/^".+"$/),
      uploaded: true,
      contentType: "text/x-test",
      cacheControl: "max-age=60",
      stored: "text/x-test",
      custom: "me ✓ café",
      md5: "string",
      text: "hello objects",
    },
  });
});

it("keeps KV metadata of any text through the writer", async () => {
  expect(await call("kv-metadata")).toEqual({ status: 200, json: { value: "v", metadata: { title: "naïve ☃" } } });
});

it("answers null to a conditional put whose condition fails, and stores nothing", async () => {
  expect(await call("conditional")).toEqual({ status: 200, json: { answer: null, text: "hello objects" } });
});

it("assembles a multipart upload's parts, each counted, and refuses the part past the quota", async () => {
  expect(await call("multipart")).toEqual({ status: 200, json: { size: PART + 4, head: PART + 4, part: "string" } });
  const over = await call("part-over");
  expect(over.status).toBe(507);
  expect(over.json).toMatchObject({ code: "backend_unavailable", message: expect.stringContaining("over its data-plane storage quota") });
});

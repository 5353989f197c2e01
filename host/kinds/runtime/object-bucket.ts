// ObjectBucket (edge.objects) -> a workerd R2 bucket whose id is tenant-qualified, persisted under
// DATA/runtime/objects by the tenant's Miniflare instance (r2Persist). A version's binding is a
// wrapper: reads are the bucket's own, and every write of bytes (put, a multipart part) goes to the
// bucket's writer worker (runtime/storage-writer.ts), which counts them against the tenant's
// storage quota outside the tenant's isolate (ADR 0303). What a put answers is a description of
// the stored object carried back from the writer, with the members of workerd's R2Object.

import type { WorkerOptions } from "miniflare";
import type { ResourceRecord } from "../../store/records.js";
import { storageId, wrapperWorkerName } from "../../runtime/names.js";
import type { ProjectionDeps, RuntimeProjection } from "../../runtime/projection.js";
import { storeWorkers, WRITER_CLIENT } from "../../runtime/storage-writer.js";

export function bucketId(bucket: ResourceRecord): string {
  return storageId(bucket);
}

const WRAPPER = `${WRITER_CLIENT}
const HEADER_FIELDS = [["content-type", "contentType"], ["content-language", "contentLanguage"], ["content-disposition", "contentDisposition"],
  ["content-encoding", "contentEncoding"], ["cache-control", "cacheControl"], ["expires", "cacheExpiry"]];
const hex = (bytes) => [...new Uint8Array(bytes instanceof ArrayBuffer ? bytes : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))]
  .map((b) => b.toString(16).padStart(2, "0")).join("");
const unhex = (text) => new Uint8Array(text.match(/../g).map((h) => parseInt(h, 16))).buffer;
function plainOptions(options) {
  if (options === undefined || options === null) return null;
  const out = { ...options };
  if (options.httpMetadata instanceof Headers) {
    const plain = {};
    for (const [header, member] of HEADER_FIELDS) { const v = options.httpMetadata.get(header); if (v !== null) plain[member] = header === "expires" ? new Date(v) : v; }
    out.httpMetadata = plain;
  }
  if (options.onlyIf instanceof Headers) out.onlyIf = { headers: [...options.onlyIf] };
  for (const sum of ["md5", "sha1", "sha256", "sha384", "sha512"]) if (options[sum] !== undefined && typeof options[sum] !== "string") out[sum] = hex(options[sum]);
  return out;
}
function objectOf(d) {
  if (d === null) return null;
  const httpMetadata = { ...d.httpMetadata };
  if (httpMetadata.cacheExpiry !== undefined) httpMetadata.cacheExpiry = new Date(httpMetadata.cacheExpiry);
  const checksums = { toJSON: () => d.checksums };
  for (const [name, value] of Object.entries(d.checksums ?? {})) checksums[name] = unhex(value);
  return {
    ...d, httpMetadata, checksums, uploaded: new Date(d.uploaded),
    writeHttpMetadata(headers) {
      for (const [header, member] of HEADER_FIELDS) {
        const v = httpMetadata[member];
        if (v !== undefined) headers.set(header, v instanceof Date ? v.toUTCString() : v);
      }
    },
  };
}
export default function (env) {
  const bucket = env.INNER;
  const writer = env.WRITER;
  const put = async (path, key, value, options, extra = {}) =>
    written(await writer.fetch("http://store" + path, { method: "PUT", headers: { ...writeHeaders(key, options), ...extra }, body: value ?? null }));
  const wrapUpload = (upload) => ({
    key: upload.key,
    uploadId: upload.uploadId,
    uploadPart: async (partNumber, value) => (await put("/r2/part", upload.key, value, null, { "x-upload": upload.uploadId, "x-part": String(partNumber) })).json(),
    abort: () => upload.abort(),
    complete: (parts) => upload.complete(parts),
  });
  return {
    head: (key) => bucket.head(key),
    get: (key, options) => bucket.get(key, options),
    list: (options) => bucket.list(options),
    delete: (keys) => bucket.delete(keys),
    put: async (key, value, options) => objectOf(await (await put("/r2/put", key, value, plainOptions(options))).json()),
    createMultipartUpload: async (key, options) => wrapUpload(await bucket.createMultipartUpload(key, options)),
    resumeMultipartUpload: (key, uploadId) => wrapUpload(bucket.resumeMultipartUpload(key, uploadId)),
  };
}`;

export function bucketWrapperWorker(bucket: ResourceRecord, deps: ProjectionDeps): WorkerOptions[] {
  const wrapper = { name: wrapperWorkerName("bucket", bucket), path: "/edge-objects.js", contents: WRAPPER };
  return storeWorkers(bucket, deps, wrapper, "r2Buckets", bucketId(bucket));
}

export const objectBucketRuntime: RuntimeProjection = {
  binding: bucketWrapperWorker,
  data: (bucket) => ({ area: "objects", tenant: bucket.tenant, id: bucketId(bucket) }),
};

// Conformance bundle (invalid on purpose): the manifest names index.js.map, an auxiliary
// source map, as mainModule. A host must refuse it at commit with artifact_invalid.
export default {
  async fetch() {
    return new Response("mapped\n", { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
  },
};
//# sourceMappingURL=index.js.map

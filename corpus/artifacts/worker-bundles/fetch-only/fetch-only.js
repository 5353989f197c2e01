// Conformance bundle: the default export carries fetch and nothing else, so a Worker Version
// declaring scheduled or queue against this bundle must be refused (handler_not_exported).
export default {
  async fetch() {
    return new Response("fetch only\n", { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
  },
};

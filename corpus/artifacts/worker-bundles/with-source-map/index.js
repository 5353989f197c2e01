// Conformance bundle: a loadable main module that carries its source map beside it.
// Carrying an auxiliary module is legal; only naming it as mainModule is not.
export default {
  async fetch() {
    return new Response("mapped\n", { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
  },
};
//# sourceMappingURL=index.js.map

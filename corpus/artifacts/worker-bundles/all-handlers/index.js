// Conformance bundle: the default export carries all three portable handlers.
//   GET /health -> 200 "ok"; GET /throw -> throws (the host must answer 500 itself);
//   anything else -> 404. scheduled does nothing. queue acknowledges every message,
//   except that a message whose body is exactly the bytes "fail" makes the handler throw.
const decoder = new TextDecoder();

function bodyText(body) {
  if (typeof body === "string") return body;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return decoder.decode(body);
  return JSON.stringify(body);
}

export default {
  async fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname === "/throw") {
      throw new Error("conformance bundle: thrown on purpose");
    }
    if (pathname === "/health") {
      return new Response("ok\n", { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
    }
    return new Response("not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  },

  async scheduled() {},

  async queue(batch) {
    for (const message of batch.messages) {
      if (bodyText(message.body) === "fail") {
        throw new Error(`conformance bundle: message ${message.id} asked to fail`);
      }
      message.ack();
    }
  },
};

// The auth service: called by the shop through a service binding, never reachable publicly.
export default {
  async fetch(request) {
    const token = (request.headers.get("authorization") ?? "").replace(/^Bearer /, "");
    if (token === "") return new Response("missing token\n", { status: 401 });
    const id = token.slice(0, 8);
    return new Response(JSON.stringify({ id }), { headers: { "content-type": "application/json" } });
  },
};

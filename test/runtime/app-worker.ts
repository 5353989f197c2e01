// The worker code the binding and restart tests deploy: every route exercises one binding.

export const APP_WORKER = `
async function failure(work) { try { await work(); return Response.json({ code: null }); } catch (error) { return Response.json({ code: error.code ?? null, message: String(error.message) }); } }
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const q = (name) => url.searchParams.get(name);
    switch (url.pathname) {
      case "/sql/insert": return Response.json(await env.DB.execute("INSERT INTO items (name) VALUES (?)", [q("name")]));
      case "/sql/list": return Response.json(await env.DB.query("SELECT id, name FROM items ORDER BY id"));
      case "/sql/fail": return failure(() => env.DB.execute(q("sql")));
      case "/sql/big-param": return failure(() => env.DB.execute("SELECT ? AS n", [2 ** 60]));
      case "/sql/big-result": return failure(() => env.DB.query("SELECT 9007199254740993 AS n"));
      case "/sql/tx": return failure(() => env.DB.transaction([{ sql: "INSERT INTO items (name) VALUES (?)", params: ["tx-1"] }, { sql: "INSERT INTO nowhere VALUES (1)" }]));
      case "/send": await env.EVENTS.send(await request.json()); return new Response("sent");
      case "/kv": return new Response(await env.KV.get(q("key")));
      case "/kv/put": await env.KV.put(q("key"), q("value")); return new Response("stored");
      case "/peer": return env.PEER.fetch("http://peer/echo", { method: "POST", body: request.body });
      default: return new Response("app: " + url.pathname, { status: url.pathname === "/missing" ? 404 : 200 });
    }
  },
  async queue(batch, env) {
    for (const message of batch.messages) {
      const body = message.body;
      if (batch.queue.endsWith("dead")) { await env.KV.put("dead:" + body.id, JSON.stringify({ attempts: message.attempts })); message.ack(); continue; }
      if (body.fail) { await env.KV.put("tries:" + body.id, String(message.attempts)); message.retry(); continue; }
      await env.DB.execute("INSERT INTO items (name) VALUES (?)", [body.name]);
      message.ack();
    }
  },
  async scheduled(controller, env) {
    await env.KV.put("cron", JSON.stringify({ cron: controller.cron, scheduledTime: controller.scheduledTime }));
  },
};`;

export const PEER_WORKER = `export default { async fetch(request) {
  const reader = request.body.getReader();
  let bytes = 0;
  for (;;) { const { done, value } = await reader.read(); if (done) break; bytes += value.byteLength; }
  return new Response("peer read " + bytes + " bytes", { headers: { "x-peer": "yes" } });
} };`;

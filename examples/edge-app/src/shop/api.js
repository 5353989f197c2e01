// /api routes: the session user comes from the auth service, orders go through the queue.
const json = (value, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });

export async function handleApi(request, env) {
  const url = new URL(request.url);
  const who = await env.AUTH.fetch(new Request("https://auth/whoami", { headers: request.headers }));
  if (!who.ok) return json({ error: "unauthenticated" }, 401);
  const user = await who.json();

  if (url.pathname === "/api/orders" && request.method === "POST") {
    const order = await request.json();
    await env.ORDERS.send({ ...order, customerId: user.id, placedAt: Date.now() });
    return json({ accepted: true, release: env.RELEASE }, 202);
  }
  if (url.pathname === "/api/orders" && request.method === "GET") {
    const result = await env.DB.query("SELECT id, total_cents FROM orders WHERE customer_id = ? ORDER BY id", [user.id]);
    return json(result.rows);
  }
  return json({ error: "no such route" }, 404);
}

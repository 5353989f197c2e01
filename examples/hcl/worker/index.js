// A small edge worker: counts visits in KV and queues a page-view event per visit; the queue
// consumer counts the events it processed, and the hourly cron records when it last ran.
// GET /stats shows all three.
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === "/stats") {
      const read = async (key) => (await env.VISITS.get(key)) ?? null;
      const stats = { visits: Number((await read("count")) ?? 0), eventsProcessed: Number((await read("events")) ?? 0), lastCron: await read("last-cron") };
      return new Response(JSON.stringify(stats) + "\n", { headers: { "content-type": "application/json" } });
    }
    const count = Number((await env.VISITS.get("count")) ?? "0") + 1;
    await env.VISITS.put("count", String(count));
    await env.EVENTS.send({ path: url.pathname, at: Date.now() });
    return new Response(`hello from ${env.GREETING_FROM}, visit ${count}\n`);
  },

  async scheduled(controller, env) {
    await env.VISITS.put("last-cron", new Date(controller.scheduledTime).toISOString());
  },

  async queue(batch, env) {
    const processed = Number((await env.VISITS.get("events")) ?? "0") + batch.messages.length;
    await env.VISITS.put("events", String(processed));
    for (const message of batch.messages) message.ack();
  },
};

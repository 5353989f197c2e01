// The shop's edge worker: JSON API under /api; for every other path it answers 404 and the host
// serves the single-page app from the version's static assets (runWorkerFirst), index.html for
// any page path.
import { handleApi } from "./api.js";
import { recordOrder } from "./orders.js";

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/api/")) return handleApi(request, env);
    return new Response("not found\n", { status: 404 });
  },

  // Cron trigger: drop sessions older than a day.
  async scheduled(controller, env) {
    const stale = await env.SESSIONS.list({ prefix: "session:" });
    for (const key of stale.keys) {
      if (key.expiration !== undefined && key.expiration * 1000 < controller.scheduledTime) await env.SESSIONS.delete(key.name);
    }
  },

  // Queue consumer: persist order events; a message that throws is retried, then dead-lettered.
  async queue(batch, env) {
    for (const message of batch.messages) {
      await recordOrder(env.DB, message.body);
      message.ack();
    }
  },
};

// The demo's last step: call the deployed shop through the host's gateway, as a browser or curl
// would (http://<endpoint hostname>:<gateway port>/), and report what it answered: a page of its
// single-page app, its API, and one order that travels queue -> consumer -> SQLite.
import http from "node:http";

export interface Answer {
  what: string;
  request: string;
  status: number;
  body: string;
}

function call(port: number, hostname: string, method: string, pathname: string, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `${hostname}:${port}`, authorization: "Bearer demo-customer-0001" };
    if (body !== undefined) headers["content-type"] = "application/json";
    const request = http.request({ host: "127.0.0.1", port, method, path: pathname, headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on("error", reject);
    request.setTimeout(15_000, () => request.destroy(new Error(`${method} ${pathname}: no answer within 15 s`)));
    request.end(body);
  });
}

/** Waits until the runtime serves the hostname (it reconciles right after the apply's commits). */
async function served(port: number, hostname: string): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
    const reply = await call(port, hostname, "GET", "/").catch(() => ({ status: 0, body: "" }));
    if (reply.status === 200) return;
  }
  throw new Error(`the gateway did not serve ${hostname} within 60 s`);
}

export async function callShop(port: number, hostname: string): Promise<Answer[]> {
  await served(port, hostname);
  const answers: Answer[] = [];
  const record = async (what: string, method: string, pathname: string, body?: string) => {
    const reply = await call(port, hostname, method, pathname, body);
    answers.push({ what, request: `${method} ${pathname}`, status: reply.status, body: reply.body });
    return reply;
  };
  await record("a page of the single-page app", "GET", "/orders/recent");
  const before = JSON.parse((await record("the API: my orders", "GET", "/api/orders")).body) as unknown[];
  await record("the API: place an order (queued)", "POST", "/api/orders", JSON.stringify({ totalCents: 1299 }));
  for (const deadline = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 250))) {
    const now = JSON.parse((await call(port, hostname, "GET", "/api/orders")).body) as unknown[];
    if (now.length > before.length) {
      answers.push({ what: "the order, written to SQLite by the queue consumer", request: "GET /api/orders", status: 200, body: JSON.stringify(now) });
      break;
    }
    if (Date.now() > deadline) throw new Error("the queued order did not reach the database within 30 s");
  }
  return answers;
}

export function answersText(answers: readonly Answer[]): string {
  return answers
    .map((a) => {
      const body = a.body.replace(/\s+/g, " ").trim();
      return `${a.what}\n  ${a.request} -> ${a.status} ${body.length > 160 ? body.slice(0, 157) + "..." : body}`;
    })
    .join("\n");
}

// A forwarding proxy in front of a host that loses the host's answers to resource applies (PUT
// .../resources/...) after the host gave them. Every apply is forwarded and the host's answer
// recorded; then, by mode:
//   "hold"       the answer is never passed on: the host has committed, the client (the provider
//                inside terraform) is left waiting, so terraform can be killed after the commit
//                and before it could write state;
//   "lose-once"  the first answer for each resource is replaced by what a gateway whose upstream
//                timed out answers (deadline_exceeded, 504, retryable, Retry-After: 1); later ones pass;
//   "pass"       everything is passed on.
import { EventEmitter } from "node:events";
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface SeenApply {
  path: string;
  idempotencyKey: string;
  status: number;
  body: string;
  /** What the client got instead of the host's answer, if anything. */
  lost: "held" | "replaced" | undefined;
}

export type LossMode = "hold" | "lose-once" | "pass";

const GATEWAY_TIMEOUT = (path: string) =>
  JSON.stringify({
    error: { code: "deadline_exceeded", message: `the gateway's upstream did not answer ${path} in time`, retryable: true, requestId: "gateway-timeout" },
  });

export class HoldingProxy extends EventEmitter {
  readonly applies: SeenApply[] = [];
  mode: LossMode = "hold";

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {
    super();
  }

  static async start(target: string): Promise<HoldingProxy> {
    const upstream = new URL(target);
    let proxy: HoldingProxy | undefined;
    const server = createServer((req, res) => {
      const isApply = req.method === "PUT" && /\/resources\//.test(req.url ?? "");
      const out = request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (answer: IncomingMessage) => {
          if (!isApply) {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            return;
          }
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("end", () => {
            const body = Buffer.concat(chunks);
            const path = req.url ?? "";
            const resource = path.split("?")[0]!;
            const mode = proxy!.mode;
            const lost =
              mode === "hold" ? "held" : mode === "lose-once" && !proxy!.applies.some((a) => a.path.split("?")[0] === resource) ? "replaced" : undefined;
            const seen: SeenApply = {
              path,
              idempotencyKey: String(req.headers["idempotency-key"] ?? ""),
              status: answer.statusCode ?? 0,
              body: body.toString("utf8"),
              lost,
            };
            proxy!.applies.push(seen);
            if (lost === "held") {
              proxy!.emit("held", seen); // the host answered; the client never hears it
              return;
            }
            if (lost === "replaced") {
              res.writeHead(504, { "content-type": "application/json", "retry-after": "1" });
              res.end(GATEWAY_TIMEOUT(resource));
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(body);
          });
        },
      );
      out.on("error", () => res.destroy());
      req.pipe(out);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    proxy = new HoldingProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return proxy;
  }

  /** Resolves once `count` applies have been answered by the host and held. */
  heldCount(count: number): Promise<SeenApply[]> {
    return new Promise((resolve) => {
      const check = () => {
        const held = this.applies.filter((a) => a.lost === "held");
        if (held.length < count) return;
        this.off("held", check);
        resolve(held);
      };
      this.on("held", check);
      check();
    });
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

// A forwarding proxy in front of a host that, while holding, forwards every resource apply (PUT
// .../resources/...) to the host, records the host's answer, and never passes that answer on: the
// host has committed, the client (the provider inside terraform) is left waiting, so terraform can
// be killed after the commit and before it could write state. Released, it forwards everything.
// It also counts the applies it saw, and which of them the host answered as a replay.
import { EventEmitter } from "node:events";
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface SeenApply {
  path: string;
  idempotencyKey: string;
  status: number;
  body: string;
  held: boolean;
}

export class HoldingProxy extends EventEmitter {
  readonly applies: SeenApply[] = [];
  holding = true;

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
      const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer: IncomingMessage) => {
        if (!isApply) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = Buffer.concat(chunks);
          const held = proxy!.holding;
          const seen: SeenApply = { path: req.url ?? "", idempotencyKey: String(req.headers["idempotency-key"] ?? ""), status: answer.statusCode ?? 0, body: body.toString("utf8"), held };
          proxy!.applies.push(seen);
          if (held) {
            proxy!.emit("held", seen); // the host answered; the client never hears it
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(body);
        });
      });
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
        const held = this.applies.filter((a) => a.held);
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

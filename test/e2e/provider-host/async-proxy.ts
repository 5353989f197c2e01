// A forwarding proxy in front of a host started with --conformance-probes: it
// adds "Takoform-Conformance-Probe: async" to every resource apply, so the host
// accepts it with 202 and commits later, and it counts the applies it saw.
// The provider reaches the host only through it (discovery included: the host
// advertises the origin the client addressed).
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export class AsyncProxy {
  readonly applies: { path: string; status: number }[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(target: string): Promise<AsyncProxy> {
    const upstream = new URL(target);
    let proxy: AsyncProxy | undefined;
    const server = createServer((req, res) => {
      const headers = { ...req.headers };
      const isApply = req.method === "PUT" && /\/resources\//.test(req.url ?? "");
      if (isApply) headers["takoform-conformance-probe"] = "async";
      const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
        if (isApply) proxy?.applies.push({ path: req.url ?? "", status: answer.statusCode ?? 0 });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on("error", () => res.destroy());
      req.pipe(out);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    proxy = new AsyncProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return proxy;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

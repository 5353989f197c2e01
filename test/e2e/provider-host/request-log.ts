// A pass-through HTTP proxy in front of a host that records every mutation it
// forwards (method, path, the Prefer header the provider sent, the status the
// host answered). It changes nothing: the provider reaches the host through it
// (discovery included, since the host advertises the origin the client
// addressed), and a test reads from the log what the provider asked for.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface LoggedRequest {
  method: string;
  path: string;
  prefer: string | undefined;
  status: number;
}

export class RequestLog {
  readonly requests: LoggedRequest[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(target: string): Promise<RequestLog> {
    const upstream = new URL(target);
    let log: RequestLog | undefined;
    const server = createServer((req, res) => {
      const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        if (req.method !== "GET" && req.method !== "HEAD") {
          const prefer = req.headers["prefer"];
          log?.requests.push({
            method: req.method ?? "",
            path: req.url ?? "",
            prefer: Array.isArray(prefer) ? prefer.join(", ") : prefer,
            status: answer.statusCode ?? 0,
          });
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on("error", () => res.destroy());
      req.pipe(out);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    log = new RequestLog(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return log;
  }

  /** Resource applies (PUT .../resources/...). */
  applies(): LoggedRequest[] {
    return this.requests.filter((r) => r.method === "PUT" && r.path.includes("/resources/"));
  }

  /** Artifact commits (POST .../artifacts/uploads/{id}/commit). */
  commits(): LoggedRequest[] {
    return this.requests.filter((r) => r.method === "POST" && /\/artifacts\/uploads\/[^/]+\/commit$/.test(r.path));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

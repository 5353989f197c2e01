// The socket Terraform connects to, bound with node:net alone. The handshake
// line needs only the bound address (and the certificate), so the provider
// prints it before node:http2, node:http and the TLS context are loaded and
// built; connections that arrive before the gRPC server is ready wait in a
// queue and are handed to it in order (GrpcServer.serve). Data a client sends
// meanwhile stays buffered in its socket: the TLS and HTTP/2 layers read what
// the socket already holds when they take it over.
import net from "node:net";

export type ListenAddress = { network: "unix"; path: string } | { network: "tcp"; host: string };
export interface BoundAddress {
  network: "unix" | "tcp";
  /** A socket path, or host:port. */
  address: string;
}

export interface Listener {
  readonly bound: BoundAddress;
  /** From now on every connection, the queued ones first, goes to `accept`. */
  handOff(accept: (socket: net.Socket) => void): void;
  /** Stops accepting; connections already accepted stay open. */
  close(): void;
}

/** Binds `address`; resolves once the address is bound. */
export function bindListener(address: ListenAddress): Promise<Listener> {
  const server = net.createServer();
  let accept: ((socket: net.Socket) => void) | undefined;
  const waiting: net.Socket[] = [];
  const ignore = (): void => undefined;
  server.on("connection", (socket) => {
    if (accept) return accept(socket);
    // A peer that resets before the hand-off must not crash the process.
    socket.on("error", ignore);
    waiting.push(socket);
  });
  const listener = (bound: BoundAddress): Listener => ({
    bound,
    handOff(next) {
      accept = next;
      for (const socket of waiting.splice(0)) {
        socket.off("error", ignore);
        if (!socket.destroyed) next(socket);
      }
    },
    close() {
      server.close();
      for (const socket of waiting.splice(0)) socket.destroy();
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    const done = (): void => {
      server.off("error", reject);
      const bound = server.address();
      if (address.network === "unix") resolve(listener({ network: "unix", address: address.path }));
      else if (bound && typeof bound === "object") resolve(listener({ network: "tcp", address: `${address.host}:${bound.port}` }));
      else reject(new Error("listener has no address"));
    };
    if (address.network === "unix") server.listen(address.path, done);
    else server.listen(0, address.host, done);
  });
}

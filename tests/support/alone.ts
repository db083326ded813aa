/**
 * Browser test files may run two at a time (vitest.config.ts), but a few tests time something on
 * the page's thread (no task of 100 ms or more, a click answered within 200 ms while a worker
 * spins): those must not share the machine with another browser test. This is a readers-writer lock across vitest's
 * workers, held by a tiny HTTP server that tests/browser/global-setup.ts starts:
 *
 * - every browser test holds it shared (describeInBrowser takes it before each test);
 * - a timed test asks `browser.alone()` before its timed part: it then waits until no other
 *   test runs, and no other test starts until it ends.
 *
 * Requests are granted in arrival order, so a test waiting to be alone is not starved by the
 * shared holders after it. A hold is one open HTTP request: the server's 200 grants it, and
 * closing the connection releases it, so a worker that dies releases what it held.
 */
import { get, type ClientRequest, createServer, type ServerResponse } from "node:http";

export type HoldMode = "shared" | "alone";

export interface LockServer {
  url: string;
  close(): Promise<void>;
}

export function startLockServer(): Promise<LockServer> {
  const holders = new Map<ServerResponse, HoldMode>();
  const waiting: { mode: HoldMode; res: ServerResponse }[] = [];
  const grant = () => {
    while (waiting.length > 0) {
      const { mode, res } = waiting[0]!;
      const modes = [...holders.values()];
      const free = mode === "alone" ? modes.length === 0 : !modes.includes("alone");
      if (!free) return;
      waiting.shift();
      holders.set(res, mode);
      res.writeHead(200, { "content-type": "text/plain" });
      res.flushHeaders();
    }
  };
  const server = createServer((req, res) => {
    const mode: HoldMode =
      new URL(req.url ?? "/", "http://x").searchParams.get("mode") === "alone" ? "alone" : "shared";
    res.on("close", () => {
      holders.delete(res);
      const at = waiting.findIndex((w) => w.res === res);
      if (at >= 0) waiting.splice(at, 1);
      grant();
    });
    waiting.push({ mode, res });
    grant();
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (!address || typeof address === "string") throw new Error("lock server has no port");
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Wait for a hold of the lock at `url`; the returned function releases it. */
export function hold(url: string, mode: HoldMode): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const request: ClientRequest = get(`${url}/?mode=${mode}`, { agent: false }, (response) => {
      // Releasing ends the response early, which it reports as an error: that is the release.
      response.on("error", () => {});
      if (response.statusCode !== 200) {
        request.destroy();
        reject(new Error(`the browser tests' lock answered ${response.statusCode}`));
        return;
      }
      resolve(() => request.destroy());
    });
    // After the grant, the only error is the release itself (the promise is settled by then).
    request.on("error", (error) => reject(error));
  });
}

/**
 * The service as a hostile client meets it: the real app (createApp), the real Node server with
 * its timeouts (createHttpServer) and the real engine worker, on a loopback port. Log lines are
 * captured as text, and so is everything written to the process's stdout and stderr, where the
 * engine worker threads' output arrives.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppDeps } from '../../../src/http/app';
import type { DiffEngine } from '../../../src/runtime/engine-pool';
import { createHttpServer, type HttpTimeouts } from '../../../src/http/http-server';
import { buildApp, startRealEngine } from '../../support/service-harness';

/** Limits far above any suite's traffic, so that 429 answers only where a case asks for them. */
export const UNLIMITED = {
  burst: { limit: 1_000_000, windowMs: 60_000 },
  window: { limit: 1_000_000, windowMs: 900_000 },
};

const RELAXED: HttpTimeouts = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 };

export interface Service {
  port: number;
  server: Server;
  /** Parsed JSON log lines of the request logger. */
  logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Starts a server for `engine` on a loopback port. */
export async function startService(
  engine: DiffEngine,
  options: { deps?: Partial<AppDeps>; timeouts?: Partial<HttpTimeouts> } = {},
): Promise<Service> {
  const { app, logs } = buildApp(engine, { rateLimit: UNLIMITED, ...options.deps });
  const server = createHttpServer(app, { ...RELAXED, ...options.timeouts });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    server,
    logs,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The real engine with one worker: the suites run beside others on two shared cores. */
export function startEngine(): DiffEngine {
  return startRealEngine({ workers: 1, maxQueue: 64 });
}

/** Captures what anything in the process (worker threads included) writes to stdout and stderr. */
export function captureProcessOutput(): { text: () => string; restore: () => void } {
  const captured: string[] = [];
  const original = { out: process.stdout.write, err: process.stderr.write };
  const tap =
    (write: typeof process.stdout.write, stream: NodeJS.WriteStream) =>
    (chunk: unknown, ...rest: unknown[]): boolean => {
      captured.push(Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
      return (write as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
    };
  process.stdout.write = tap(original.out, process.stdout) as typeof process.stdout.write;
  process.stderr.write = tap(original.err, process.stderr) as typeof process.stderr.write;
  return {
    text: () => captured.join(''),
    restore: () => {
      process.stdout.write = original.out;
      process.stderr.write = original.err;
    },
  };
}

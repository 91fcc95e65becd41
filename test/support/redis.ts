/**
 * A throw-away redis-server for tests: on a free loopback port, no persistence (so a restart is
 * an empty server, like a failed-over cache), stopped by the test that started it. Tests that
 * need one are declared with `describeWithRedis`, so that a machine without Redis still passes
 * `npm test` while CI cannot pass without having run them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { delimiter, join } from 'node:path';
import { describeWithRequirement } from './requirement';

/** Set (to anything but empty or 0) where Redis is part of the set-up: a missing redis-server then fails. */
export const REQUIRE_REDIS = 'REQUIRE_REDIS';

/** The first executable `redis-server` on `path` (a PATH value), or undefined when there is none. */
export function findRedisServer(path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, 'redis-server');
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not in this directory, or not executable: keep looking.
    }
  }
  return undefined;
}

/**
 * `describe` for tests that start their own redis-server: skipped with one line where none is on
 * the PATH, failed instead with REQUIRE_REDIS set (requirement.ts).
 */
export function describeWithRedis(title: string, body: () => void): void {
  describeWithRequirement(
    findRedisServer() !== undefined,
    { missing: 'redis-server is not on the PATH', provide: 'apt-get install redis-server (or brew install redis)', requireVariable: REQUIRE_REDIS },
    title,
    body,
  );
}

/** A free TCP port on 127.0.0.1 (the kernel picks it; nothing listens on it afterwards). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface RedisServer {
  port: number;
  url: string;
  /** Starts the server (again) on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it; resolves once the process has exited. */
  stop(): Promise<void>;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the running server: a stall, with its sockets open. */
  freeze(frozen: boolean): void;
}

/** A redis-server on `port` (default: a free one), not yet started. */
export async function redisServer(port?: number): Promise<RedisServer> {
  const chosen = port ?? (await freePort());
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let output = '';
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    async start() {
      if (child) throw new Error('redis-server already running');
      output = '';
      const started = spawn('redis-server', ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      exited = new Promise((resolve) => started.once('exit', () => resolve()));
      // Until it accepts or exits; a server that does neither is left to the test's timeout.
      while (!(await accepts(chosen))) {
        if (started.exitCode !== null) throw new Error(`redis-server exited ${started.exitCode}:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    freeze(frozen) {
      if (!child) throw new Error('redis-server is not running');
      child.kill(frozen ? 'SIGSTOP' : 'SIGCONT');
    },
    async stop() {
      if (!child) return;
      const stopping = child;
      child = undefined;
      // SIGKILL: an abrupt loss, as in an outage (SIGTERM would let it close connections politely).
      if (stopping.exitCode === null) stopping.kill('SIGKILL');
      await exited;
    },
  };
}

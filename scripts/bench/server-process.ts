/**
 * The server under test as a child process: `node dist/src/server.js` on a free loopback port
 * (PORT=0, the port is read from the "listening" log line), with a freshly issued key whose
 * SHA-256 is passed in API_KEYS, rate limits raised so the benchmark is never refused, and the
 * peak resident set size read from /proc.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ServerHandle {
  baseUrl: string;
  port: number;
  pid: number;
  /** The key to send in `x-api-key`. */
  key: string;
  /** Starts a fresh peak-RSS measurement (bytes). */
  resetPeak(): void;
  /** Peak RSS since the last reset, in bytes (the larger of the kernel's high-water mark and our samples). */
  peakRss(): number;
  /** Whether the process has exited (crashed, or stopped). */
  exited(): boolean;
  /** The last lines the server wrote (for error reports). */
  tail(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code or signal. */
  stop(graceMs?: number): Promise<string>;
}

export interface StartOptions {
  /** The server's Node flags in place of SERVER_NODE_ARGS (the bench's --node-args). */
  baseNodeArgs?: string[];
  /** Extra Node options for the server process (e.g. --cpu-prof). */
  nodeArgs?: string[];
  env?: Record<string, string>;
  startTimeoutMs?: number;
}

/** The built server entry, relative to the repository root (package.json's "start"). */
export const SERVER_ENTRY = join('dist', 'src', 'server.js');
/**
 * Node's flags for the server, as `npm start` and the Dockerfile give them: one V8 platform thread,
 * and garbage collection done by the thread that allocated (docs/operations.md, Sizing): the
 * engine workers already keep every core busy.
 */
export const SERVER_NODE_ARGS = ['--v8-pool-size=1', '--single-threaded-gc'];

function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Starts the server and resolves once it listens and answers /v1/health. */
export async function startServer(root: string, options: StartOptions = {}): Promise<ServerHandle> {
  const key = randomBytes(32).toString('base64url');
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    API_KEYS: `bench:${createHash('sha256').update(key, 'utf8').digest('hex')}`,
    // The benchmark sends a few hundred requests a minute from one key: far above the defaults.
    RATE_LIMIT_BURST_MAX: '1000000',
    RATE_LIMIT_WINDOW_MAX: '1000000',
    ...options.env,
  };
  const child: ChildProcess = spawn(process.execPath, [...(options.baseNodeArgs ?? SERVER_NODE_ARGS), ...(options.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const remember = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line !== '') lines.push(line.slice(0, 400));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not report a port within ${options.startTimeoutMs ?? 20000} ms:\n${lines.join('\n')}`)), options.startTimeoutMs ?? 20000);
    let pending = '';
    const onData = (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const m = /"port":(\d+)/.exec(pending);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
      if (pending.length > 100_000) pending = pending.slice(-10_000);
    };
    child.stdout?.on('data', onData);
    child.stdout?.on('data', remember);
    child.stderr?.on('data', remember);
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${how}) before listening:\n${lines.join('\n')}`));
    });
  });

  const pid = child.pid as number;
  let sampledPeak = 0;
  // The kernel's high-water mark is exact but can only be reset where clear_refs is writable;
  // a 10 ms sampler backs it up.
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, procStatus(pid, 'VmRSS'));
  }, 10);
  sampler.unref();
  let hwmReset = false;
  const handle: ServerHandle = {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    pid,
    key,
    resetPeak() {
      sampledPeak = procStatus(pid, 'VmRSS');
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
        hwmReset = true;
      } catch {
        hwmReset = false;
      }
    },
    peakRss() {
      sampledPeak = Math.max(sampledPeak, procStatus(pid, 'VmRSS'));
      return hwmReset ? Math.max(sampledPeak, procStatus(pid, 'VmHWM')) : sampledPeak;
    },
    exited: () => child.exitCode !== null || child.signalCode !== null,
    tail: () => lines.join('\n'),
    async stop(graceMs = 15000) {
      clearInterval(sampler);
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const how = await exited;
      clearTimeout(timer);
      return how;
    },
  };
  return handle;
}

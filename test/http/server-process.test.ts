/**
 * The real server, started as `npm start` starts it once it has built (the node flags of its
 * script in package.json, on this run's compiled sources: building dist/ here would rewrite the
 * browser bundles other tests are reading, and CI's npm ci builds it anyway): health and a diff
 * over a real socket, then SIGTERM while a large diff is in flight and two more wait for
 * the worker (decisions D9.0, D9.3): the running diff is still answered 200, the waiting ones 503,
 * an idle keep-alive connection is closed, and the process exits 0. Also the development key of D2.3.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { compiledOf } from '../support/compiled-sources';
import { largeBody, smallBody } from '../support/request-bodies';

jest.setTimeout(90_000);

const ROOT = join(__dirname, '..', '..');

interface Started {
  child: ChildProcess;
  port: number;
  pid: number;
  key: string;
  exit: Promise<number | null>;
  stdout: () => string;
}

interface LogLine {
  msg: string;
  port?: number;
  pid?: number;
  running?: number;
  queued?: number;
}

/** The complete JSON log lines in `text` (npm's own lines and a partial last line are skipped). */
function jsonLines(text: string): LogLine[] {
  return text
    .split('\n')
    .slice(0, -1)
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** What `npm start` runs after its build: `node <flags> dist/src/server.js`, the server here compiled from the sources. */
function serverArgs(): string[] {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const command = /^npm run build && node (.*) dist\/src\/server\.js$/.exec(start);
  if (command === null) throw new Error(`npm start no longer reads "npm run build && node … dist/src/server.js": ${start}`);
  return [...command[1]!.split(' '), compiledOf(join(ROOT, 'src', 'server.ts'))];
}

/** The server as `npm start` runs it, with no key configured; resolves once it logs that it listens. */
function startServer(): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'development', LOG_LEVEL: 'info', ENGINE_WORKERS: '1', ENGINE_MAX_QUEUE: '2' };
  delete env.API_KEYS;
  delete env.API_KEYS_FILE;
  const child = spawn(process.execPath, serverArgs(), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const check = () => {
      const listening = jsonLines(out).find((line) => line.msg.startsWith('listening'));
      const key = /x-api-key: (\S+)\n/.exec(err)?.[1];
      if (listening && key) resolve({ child, port: listening.port as number, pid: listening.pid as number, key, exit, stdout: () => out });
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      check();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      check();
    });
    void exit.then((code) => reject(new Error(`the server exited ${code} before listening:\n${out}\n${err}`)));
  });
}

/** POST /v1/diff over a socket. */
function postDiff(port: number, key: string, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/v1/diff',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-api-key': key },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A keep-alive connection that has had one health answer and now sits idle; `closed` settles when the server closes it. */
function idleKeepAlive(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    let answer = '';
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      if (/\r\n\r\n[\s\S]*\}$/.test(answer)) resolve({ socket, closed });
    });
    socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  });
}

let server: Started | undefined;
afterAll(() => {
  if (server && server.child.exitCode === null) process.kill(server.pid, 'SIGKILL');
});

describe('the server as npm start runs it', () => {
  it('serves health and diffs, prints a development key, and on SIGTERM finishes the running diff, refuses the queued ones and exits 0', async () => {
    server = await startServer();
    const { port, key, pid } = server;
    const base = `http://127.0.0.1:${port}`;

    const health = await fetch(`${base}/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', version: '1.0.0' });

    const small = await postDiff(port, key, JSON.stringify(smallBody()));
    expect(small.status).toBe(200);
    expect(JSON.parse(small.body).data.results).toHaveLength(2);

    const idle = await idleKeepAlive(port);
    let signalled = false;
    let idleClosedAfterSignal: boolean | undefined;
    void idle.closed.then(() => (idleClosedAfterSignal = signalled));

    const bodyText = JSON.stringify(largeBody(28_000, 4));
    expect(Buffer.byteLength(bodyText)).toBeLessThan(5 * 1024 * 1024);
    // Four diffs of the same large body, each seconds of work: the only worker takes whichever
    // body the server has read first, the queue (ENGINE_MAX_QUEUE=2) holds two more, and the last
    // is refused at once. Which of the four runs depends on the order the server finishes reading
    // them, so none is singled out. The first answer is that 503: at that moment one diff runs and
    // two wait. Then the server is asked to stop. The shutdown log line's counts below check that
    // this is indeed what the server saw.
    const diffs = [0, 1, 2, 3].map(() => postDiff(port, key, bodyText));
    const first = await Promise.race(diffs);
    expect(first.status).toBe(503);
    signalled = true;
    process.kill(pid, 'SIGTERM');
    const answers = await Promise.all(diffs);
    // The running diff is finished and answered; the waiting ones and the one refused are 503.
    const answered = answers.filter((answer) => answer.status === 200);
    expect(answered).toHaveLength(1);
    expect(JSON.parse(answered[0]!.body).data.meta).toMatchObject({ originalRows: 28_000, reworkedRows: 28_000 });
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => [answer.status, JSON.parse(answer.body).error.code])).toEqual(Array(3).fill([503, 'SERVICE_UNAVAILABLE']));

    expect(await server.exit).toBe(0);
    // The idle connection was closed by the shutdown, not left to its 65 s keep-alive timeout.
    await idle.closed;
    expect(idleClosedAfterSignal).toBe(true);
    const lines = jsonLines(server.stdout());
    const shutdown = lines.find((line) => line.msg.startsWith('shutting down'));
    expect(shutdown).toMatchObject({ running: 1, queued: 2 });
    const messages = lines.map((line) => line.msg);
    expect(messages).toContain('stopped');
    // The diff was logged as answered 200 before the process stopped.
    expect(messages.some((m) => /^POST \/v1\/diff 200/.test(m))).toBe(true);
    await expect(fetch(`${base}/v1/health`)).rejects.toThrow();
  });
});

describe('startup refusals', () => {
  const run = (env: NodeJS.ProcessEnv) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [compiledOf(join(ROOT, 'src', 'server.ts'))], {
        cwd: ROOT,
        env: { ...process.env, API_KEYS: '', API_KEYS_FILE: '', PORT: '0', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => resolve({ code, output }));
    });

  it('in production without any key, the server refuses to start with a clear message', async () => {
    const { code, output } = await run({ NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(output).toContain('NODE_ENV=production and no API key is configured');
    expect(output).not.toContain('x-api-key:');
  });

  it('a bad variable stops startup with its name', async () => {
    const { code, output } = await run({ RATE_LIMIT_WINDOW_MAX: 'lots' });
    expect(code).toBe(1);
    expect(output).toContain('RATE_LIMIT_WINDOW_MAX must be an integer');
  });
});

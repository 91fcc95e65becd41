/**
 * The sha256 of the server's answer to every benchmark body (each size of each family), with the
 * envelope's request id and timestamp blanked: two trees that print the same lines answer byte
 * for byte alike.
 * Bodies are sent one at a time to an idle server, so each takes whatever path a lone request
 * takes. `node dist/scripts/bench/answers.js [--seed=N] [--only=family,...]`
 */
import { createHash } from 'node:crypto';
import { buildBodies } from './bodies';
import { postDiff } from './http-client';
import { startServer } from './server-process';

const REQUEST_ID = /"requestId":"[^"]*"/;
const TIMESTAMP = /"timestamp":"[^"]*"/;

async function main(): Promise<void> {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const seed = Number(arg('seed') ?? 1);
  const only = arg('only')?.split(',');
  const { growth, main: headline } = buildBodies(seed, { only });
  const bodies = [...new Map([...growth, ...headline].map((b) => [b.name, b])).values()];
  const server = await startServer(process.cwd());
  try {
    for (const body of bodies) {
      const answer = await postDiff(server.baseUrl, server.key, Buffer.from(body.json), 300_000);
      const text = answer.text.replace(REQUEST_ID, '"requestId":""').replace(TIMESTAMP, '"timestamp":""');
      const digest = createHash('sha256').update(text, 'utf8').digest('hex');
      process.stdout.write(`${body.name}\t${answer.status}\t${answer.bytes}\t${digest}\n`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

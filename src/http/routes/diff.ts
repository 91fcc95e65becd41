/**
 * POST /v1/diff: the engine diffs the body in its slot, and its JSON is sent inside the success
 * envelope. Authentication, limits and body reading run before this handler (app.ts); judging the
 * body runs in the worker (request/judge.ts).
 */
import { judgeBody } from '../../request/judge';
import type { DiffEngine } from '../../runtime/engine-pool';
import type { BodyHandler } from '../body';
import { clientGone, engineFailure, sendData } from '../engine-call';
import { refusalError } from '../errors';

export function diffRoute(engine: DiffEngine): BodyHandler {
  return async (_req, res) => {
    const { body } = res.locals;
    const answer = await engine.run('diff', body, clientGone(res)).catch((error: unknown) => engineFailure(error, body, judgeBody));
    if (!answer.ok) throw refusalError(answer);
    sendData(res, answer.json);
  };
}

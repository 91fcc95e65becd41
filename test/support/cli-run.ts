/**
 * The command-line tool run in-process as its binary runs it (`runCli`), with what it writes to
 * stdout and stderr captured instead of printed.
 */
import { runCli } from '../../src/cli/main';

export interface ToolRun {
  status: number;
  stdout: string;
  stderr: string;
}

export async function runTool(...argv: string[]): Promise<ToolRun> {
  const said = { stdout: '', stderr: '' };
  const spies = (['stdout', 'stderr'] as const).map((name) =>
    jest.spyOn(process[name], 'write').mockImplementation((chunk: string | Uint8Array) => {
      said[name] += String(chunk);
      return true;
    }),
  );
  try {
    const status = await runCli(argv);
    return { status, ...said };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/**
 * A failure the command-line tool reports in one line and an exit status: 2 for bad input or
 * options (a file that cannot be read, a format error, a refused config), 1 only for a grade
 * below `--fail-under`, 3 for a batch with error rows.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/**
 * What stops a comparison before or after it is sent, told to the reviewer as plain text: a file
 * the adapters cannot read (with its place), an option that does not parse, a request over the
 * size limit, an API error with its envelope's message, a network failure.
 */
export class ViewerProblem extends Error {
  constructor(
    message: string,
    /** Further lines: the API's validation details, or a format's warnings. */
    readonly details: readonly string[] = [],
  ) {
    super(message);
    this.name = 'ViewerProblem';
  }
}

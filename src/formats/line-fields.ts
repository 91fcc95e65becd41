/** The whitespace-separated fields of a line, as the NIST and Kaldi text formats write them. */

export interface Field {
  value: string;
  /** 1-based column where the field starts. */
  column: number;
}

export function fieldsOf(line: string): Field[] {
  return [...line.matchAll(/\S+/g)].map((m) => ({ value: m[0], column: (m.index ?? 0) + 1 }));
}

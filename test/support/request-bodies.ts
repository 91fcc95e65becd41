/** Request bodies for the HTTP tests: small fixed ones and large generated ones. */

const WORDS = ['the', 'meeting', 'starts', 'at', 'nine', 'and', 'we', 'will', 'review', 'numbers', 'okay', 'so', 'next', 'quarter'];

/** A deterministic pseudo-random generator (LCG), so that large bodies are the same every run. */
export function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface Row {
  transcript: string;
  speaker: string;
  start_time: number;
  end_time: number;
}

/** `n` object rows of about `words` words each, with speakers and times. */
export function makeRows(n: number, words = 12, seed = 1): Row[] {
  const rand = lcg(seed);
  const rows: Row[] = [];
  for (let i = 0; i < n; i++) {
    const text: string[] = [];
    for (let w = 0; w < words; w++) text.push(WORDS[Math.floor(rand() * WORDS.length)]);
    rows.push({ transcript: text.join(' '), speaker: `S${i % 3}`, start_time: i * 2, end_time: i * 2 + 1.5 });
  }
  return rows;
}

/** The reworked side: every `every`-th row edited (one word replaced). */
export function editRows(rows: Row[], every = 5): Row[] {
  return rows.map((row, i) => (i % every === 0 ? { ...row, transcript: row.transcript.replace(/^\w+/, 'edited') } : row));
}

/** A small valid body: one unchanged row, one modified. */
export function smallBody() {
  return {
    original: [
      { transcript: 'Hello there.', speaker: 'A', start_time: 0, end_time: 1.2 },
      { transcript: 'How are you doing today?', speaker: 'B', start_time: 1.2, end_time: 3 },
    ],
    reworked: [
      { transcript: 'Hello there.', speaker: 'A', start_time: 0, end_time: 1.2 },
      { transcript: 'How are you doing today', speaker: 'B', start_time: 1.2, end_time: 3 },
    ],
  };
}

/** A body of `n` rows a side with every fifth row edited. */
export function largeBody(n: number, words = 12) {
  const original = makeRows(n, words);
  return { original, reworked: editRows(original) };
}

import { trnFormat } from '../../src/formats/trn';
import { formatErrorOf, utf8 } from './helpers';

const read = (text: string) => trnFormat.read(utf8(text));

describe('sclite trn', () => {
  it('gives one row per utterance with its id, words joined by single spaces, comments skipped', () => {
    expect(read(';; hypotheses\nHELLO   WORLD (spk1-001)\n\n  (spk1-002)\nit is (not) me (spk2_003)\n')).toEqual({
      rows: [
        { transcript: 'HELLO WORLD', utterance_id: 'spk1-001' },
        { transcript: '', utterance_id: 'spk1-002' },
        { transcript: 'it is (not) me', utterance_id: 'spk2_003' },
      ],
      warnings: [],
    });
  });

  it('names the line of an utterance without an id, and of an id used twice', () => {
    const missing = formatErrorOf(() => read('a b (u1)\nc d\n'));
    expect([missing.message, missing.location]).toEqual(['expected the words of an utterance then its id in parentheses, such as: hello world (spk1_001)', { line: 2 }]);
    const twice = formatErrorOf(() => read('a (u1)\nb (u2)\nc (u1)\n'));
    expect([twice.message, twice.location]).toEqual(['the utterance id "u1" is already used on line 1', { line: 3 }]);
  });

  it('recognises lines that end with an id, and not a sentence with a parenthesis inside', () => {
    expect(trnFormat.sniff('a b (u1)\nc (u2)\n')).toBe(true);
    expect(trnFormat.sniff('He said (quietly) no.\n')).toBe(false);
  });
});

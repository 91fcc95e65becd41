import { pairSides, type Side } from '../../src/compare/id-pairing';

const side = (name: string, ids: string[]): Side => ({ name, rows: ids.map((id, i) => ({ transcript: `words ${i}`, utterance_id: id })) });

describe('pairing two sides by their utterance ids', () => {
  it('pairs by id when both sides name their utterances', () => {
    const paired = pairSides(side('hyp.trn', ['u1']), side('ref.trn', ['u1']), {}, () => {});
    expect(paired.config).toEqual({ pairBy: 'utterance_id' });
    expect(paired.original).toEqual([{ transcript: 'words 0', utterance_id: 'u1' }]);
  });

  it('drops the ids, and says so, where they pair nothing: positionalMode, or pairBy naming another column', () => {
    for (const config of [{ positionalMode: true }, { pairBy: 'speaker' }]) {
      const said: string[] = [];
      const paired = pairSides(side('hyp.trn', ['a_1']), side('ref.trn', ['b_1']), config, (message) => said.push(message));
      // Ids never compared: under positional pairing, a_1 against b_1 would make the row MODIFIED.
      expect([paired.config, paired.original, paired.reworked]).toEqual([config, [{ transcript: 'words 0' }], [{ transcript: 'words 0' }]]);
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/^hyp\.trn, ref\.trn: utterance ids are not used: /);
    }
  });

  it('keeps the ids where the config already pairs by them, whatever its case', () => {
    const paired = pairSides(side('hyp.trn', ['u1']), side('ref.trn', ['u1']), { pairBy: 'Utterance_ID' }, () => {});
    expect(paired.config).toEqual({ pairBy: 'Utterance_ID' });
    expect(paired.reworked).toEqual([{ transcript: 'words 0', utterance_id: 'u1' }]);
  });
});

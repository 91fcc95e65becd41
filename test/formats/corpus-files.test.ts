/**
 * The readers on whole files of the evaluation corpus (shared/eval-data), where the unit tests read
 * excerpts of them (test/fixtures): the row counts of whole files, the rows the evaluation's own
 * loader reads from the same STM files, and what only the whole file holds.
 */
import { readFileSync } from 'node:fs';
import { parseStm } from '../../scripts/lib/sources';
import { assFormat } from '../../src/formats/ass';
import { tsvFormat } from '../../src/formats/csv';
import { stmFormat } from '../../src/formats/stm';
import { textGridFormat } from '../../src/formats/textgrid';
import { trsFormat } from '../../src/formats/trs';
import { describeWithEvalData, evalDataPath } from '../support/eval-data';

const bytes = (...parts: string[]) => new Uint8Array(readFileSync(evalDataPath(...parts)));

describeWithEvalData('the readers on whole corpus files', () => {
  describe('STM: kallaama', () => {
    const kallaama = (stage: string, lang: string, name: string) => bytes('kallaama', 'transcriptions', stage, `transcriptions-${lang}`, 'stm', `${name}.stm`);
    const FILES = [
      ['fuc', 'fuc_4110', 108, 105],
      ['srr', 'srr_42420', 127, 124],
      ['wol', 'wol_11450', 1, 2],
      ['wol', 'wol_41014', 160, 161],
      ['wol', 'wol_4111', 335, 333],
    ] as const;

    it.each(FILES)('%s/%s: draft and checked give the rows the evaluation loader gives', (lang, name, raw, checked) => {
      for (const [stage, count] of [['raw', raw], ['checked', checked]] as const) {
        const file = kallaama(stage, lang, name);
        const { rows } = stmFormat.read(file);
        expect(rows).toHaveLength(count);
        expect(rows).toEqual(parseStm(new TextDecoder().decode(file)));
      }
    });

    it('wol_41014: the gap that carries words is a row and a warning', () => {
      const { rows, warnings } = stmFormat.read(kallaama('raw', 'wol', 'wol_41014'));
      expect(rows[0]).toEqual({ transcript: 'même :fra', speaker: 'locuteur_3', start_time: 0, end_time: 0.326 });
      expect(new Set(rows.map((row) => row.speaker))).toEqual(new Set(['locuteur_1', 'locuteur_2', 'locuteur_3', 'locuteur_4', 'inter_segment_gap']));
      expect(warnings).toEqual([{ message: 'this segment of inter_segment_gap (a gap, not a speaker) carries words: kept as a row with that speaker', location: { line: 141 } }]);
    });
  });

  describe('Transcriber: kallaama wol_41014', () => {
    const read = (stage: 'raw' | 'checked') => trsFormat.read(bytes('kallaama', 'transcriptions', stage, 'transcriptions-wol', 'trs', 'wol_41014.trs'));

    it('reads every stretch of both files: 274 rows in the draft, 275 after checking, no warnings', () => {
      const raw = read('raw');
      const checked = read('checked');
      expect([raw.rows.length, checked.rows.length]).toEqual([274, 275]);
      expect([raw.warnings, checked.warnings]).toEqual([[], []]);
      for (const { rows } of [raw, checked]) {
        expect(new Set(rows.map((row) => row.speaker))).toEqual(new Set(['locuteur 1', 'locuteur 2', 'locuteur 3', 'locuteur 4', undefined]));
        expect(rows.filter((row) => row.non_speech_events !== undefined)).toHaveLength(23);
      }
    });

    it('gives the turn that names no speaker as a row without one', () => {
      expect(read('raw').rows.find((row) => row.speaker === undefined)).toEqual({ transcript: 'ñoom ñoo war a njëkk a joxe le :fra bon :fra exemple :fra', start_time: 306.332, end_time: 308.178 });
    });
  });

  describe('ASS: lattifai GPT-4o benchmark', () => {
    const file = (name: string) => bytes('lattifai-gpt4o-benchmark', 'benchmark', 'data', `Introducing_GPT-4o_${name}.ass`);

    it('reads the ground truth: 374 rows, four named speakers', () => {
      const { rows, warnings } = assFormat.read(file('GroundTruth'));
      expect(rows).toHaveLength(374);
      expect(warnings).toEqual([]);
      expect(rows[0]).toEqual({ transcript: 'Hi everyone.', speaker: 'Mira Murati', start_time: 12.71, end_time: 13.16 });
      expect([...new Set(rows.map((row) => row.speaker))].sort()).toEqual(['Barrett Zoph', 'ChatGPT', 'Mark Chen', 'Mira Murati']);
    });

    it('reads each machine file, leaving rows with an empty Name without a speaker', () => {
      const counts = Object.fromEntries(
        ['Gemini', 'Gemini3', 'Gemini3_Flash', 'Gemini3_Flash_LattifAI'].map((name) => {
          const { rows } = assFormat.read(file(name));
          return [name, { rows: rows.length, withoutSpeaker: rows.filter((row) => !('speaker' in row)).length }];
        }),
      );
      expect(counts).toEqual({
        Gemini: { rows: 184, withoutSpeaker: 76 },
        Gemini3: { rows: 147, withoutSpeaker: 37 },
        Gemini3_Flash: { rows: 181, withoutSpeaker: 55 },
        Gemini3_Flash_LattifAI: { rows: 367, withoutSpeaker: 241 },
      });
    });
  });

  describe('TextGrid: primock57 day1', () => {
    const read = (name: string) => textGridFormat.read(bytes('primock57', 'transcripts', `${name}.TextGrid`));

    it('reads one tier a file, its non-empty intervals as rows', () => {
      const doctor = read('day1_consultation01_doctor');
      const patient = read('day1_consultation01_patient');
      expect([doctor.rows.length, patient.rows.length, doctor.warnings, patient.warnings]).toEqual([53, 56, [], []]);
      expect(doctor.rows[0]).toEqual({
        transcript: 'Hello? Hi. Um, should we start? Yeah, okay. <UNSURE>Hello how</UNSURE> um. Good morning sir, how can I help you this morning?',
        speaker: 'Doctor',
        start_time: 2.5334561157322537,
        end_time: 12.499861706065632,
      });
      expect(new Set(patient.rows.map((row) => row.speaker))).toEqual(new Set(['Patient']));
    });
  });

  describe('TSV: camel-wild-diacritics WikiNewsMax', () => {
    it('reads every line as a row with the mapped column', () => {
      const { rows } = tsvFormat.read(bytes('camel-wild-diacritics', 'data', 'WikiNewsMax.tsv'), { map: { transcript: 'max_gold' } });
      expect(rows).toHaveLength(18699);
      expect(rows.every((row) => Object.keys(row).join() === 'transcript')).toBe(true);
    });
  });
});

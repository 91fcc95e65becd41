/**
 * The 112 files that other tools wrote (test/support/peer-files.ts), each read as its format's
 * definition and its ecosystem's parser read it, where a parser is wrong the definition winning:
 * the rows (how many, the first and the last: text, speaker, start, end), or the error with its
 * place. Where the answer differs from the ecosystem's parser, the entry says why:
 *
 * - pympi's sample_3.0.eaf: pympi gives the words of a time subdivision no times; ELAN shows them
 *   spread evenly over their parent (8.0–8.6, 8.6–9.2, …), and so do the rows.
 * - aws 02-channel-identification: one row per channel turn, the channel as speaker.
 * - pysubs2's bad_tags.srt: pysubs2 removes every tag-like text; players (the SubRip capability
 *   tester's rules, VLC) show a closing tag never opened, `</xyz>`.
 * - pysubs2's negative and fraction-less ASS references: pysubs2 reads a negative start time;
 *   ASS times are h:mm:ss.cc, so it is an error at its line and column.
 * - pysrt's windows-1252, srt's GB2312 and SCTK's Mandarin STM (GB2312): no encoding is declared,
 *   so the bytes that are not UTF-8 are an error at their line (pysrt and srt are told the
 *   encoding by their tests; sclite compares bytes).
 * - nzilbb's participant_check.eaf holds two annotations with the id "a1", which ELAN's schema
 *   forbids (xsd:ID), and references to "a1" that cannot be resolved: an error at the second.
 * - webvtt-py's invalid.vtt and nzilbb's voices_class_only.vtt have no WEBVTT line: an error at
 *   line 1, as webvtt-py raises.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTranscript } from '../../src/formats/index';
import { FormatError, type TranscriptRow } from '../../src/formats/types';
import { runTool } from '../support/cli-run';
import { describeWithPeerFiles, PEER_FILES_DIR } from '../support/peer-files';

type Row = [text: string, speaker: string | null, start: number | null, end: number | null];
type Expected = { format: string; rows: number; first?: Row; last?: Row } | { error: { line?: number; column?: number; path?: string }; message: string };

/** A row as the table writes it: its text's first 50 characters, speaker, times. */
const shown = (row: TranscriptRow): Row => [row.transcript.slice(0, 50), row.speaker ?? null, row.start_time ?? null, row.end_time ?? null];

const PEER_FILES: [string, Expected][] = [
  ['ass/pysubs2__aegisub_project_garbage_file.ass', { format: 'ass', rows: 1, first: ['Test for new Aegisub Project section', null, 0, 5], last: ['Test for new Aegisub Project section', null, 0, 5] }],
  ['ass/pysubs2__ass_empty_layers_issue_87.ass', { format: 'ass', rows: 1, first: ['An, example, subtitle.', null, 22.98, 24.85], last: ['An, example, subtitle.', null, 22.98, 24.85] }],
  ['ass/pysubs2__ass_with_malformed_style.ass', { format: 'ass', rows: 1, first: ['Hello', 'Иные 0', 0, 1.1], last: ['Hello', 'Иные 0', 0, 1.1] }],
  ['ass/pysubs2__ass_with_short_minutes_seconds_ref.ass', { format: 'ass', rows: 2, first: ['SUNDAY MONDAY CHU-CHU TUESDAY', null, 0.04, 4], last: ['mekutte CALENDAR GIRL watashi no mainichi', null, 3.42, 7.88] }],
  ['ass/pysubs2__ass_without_fractions_of_second_ref.ass', { error: { line: 17, column: 13 }, message: 'the start time "-1:59:54.93" is not h:mm:ss.cc (a time befor' }],
  ['ass/pysubs2__hex_color_in_ssa.ssa', { format: 'ass', rows: 1, first: ['-脫逃-', 'NTP', 90.3, 95.3], last: ['-脫逃-', 'NTP', 90.3, 95.3] }],
  ['ass/pysubs2__negative_timestamp_ass_ref.ass', { error: { line: 19, column: 13 }, message: 'the start time "-1:59:54.93" is not h:mm:ss.cc (a time befor' }],
  ['ass/pysubs2__simple_ass_ref.ass', { format: 'ass', rows: 2, first: ['An, example, subtitle.', null, 0, 60], last: ['Subtitle number two.', null, 60, 120] }],
  ['ass/pysubs2__simple_ssa_ref.ssa', { format: 'ass', rows: 2, first: ['An, example, subtitle.', null, 0, 60], last: ['Subtitle number two.', null, 60, 120] }],
  ['ass/pysubs2__subtitle_with_attached_fonts_aegisub.ass', { format: 'ass', rows: 1, first: ['Test subtitle.', null, 0, 5], last: ['Test subtitle.', null, 0, 5] }],
  ['ass/pysubs2__subtitle_with_attached_images_aegisub.ass', { format: 'ass', rows: 1, first: ['', null, 0, 5], last: ['', null, 0, 5] }],
  ['ass/pysubs2__ttml_example.ass', { format: 'ass', rows: 11, first: ['It seems a paradox, does it not,', null, 0.76, 3.45], last: ['How truly delightful!', null, 53.5, 58.7] }],
  ['ass/pysubs2__ttml_example_apple.ass', { format: 'ass', rows: 38, first: ['When you were here be fore', null, 19.76, 21.9], last: ['I don\'t be long here', null, 227.74, 230.69] }],
  ['assemblyai/deepgrampy__assemblyai_transcription.json', { format: 'assemblyai', rows: 3, first: ['Yeah.', 'A', 0.17, 0.718], last: ['And I think if it signifies anything, it is to hon', 'A', 12.778, 25.14] }],
  ['assemblyai/deepgrampy__assemblyai_utterances.json', { format: 'assemblyai', rows: 1, first: ['Yeah. As much as it\'s worth celebrating the first ', 'A', 0.17, 25.14], last: ['Yeah. As much as it\'s worth celebrating the first ', 'A', 0.17, 25.14] }],
  ['aws/aws_transc__01-plain.json', { format: 'aws', rows: 13, first: ['She was gone out into the village on some errand w', null, 0.49, 7.2], last: ['Her experience, an excellent sense, holds the posi', null, 124.66, 141.54] }],
  ['aws/aws_transc__02-channel-identification.json', { format: 'aws', rows: 7, first: ['She was gone out into the village on some errand w', 'ch_1', 0.49, 13.75], last: ['A good neighbor of the Bronte\'s, a clever, intelli', 'ch_1', 116.74, 141.54] }],
  ['aws/aws_transc__03-speaker-identification.json', { format: 'aws', rows: 24, first: ['She was gone out into the village on some errand w', 'spk_0', 0.49, 7.2], last: ['told me a characteristic little incident connected', 'spk_0', 137.51, 141.54] }],
  ['aws/aws_transc__07-vocabulary-filter-mask.json', { format: 'aws', rows: 13, first: ['She was gone out into the *** on some errand when,', null, 0.49, 7.2], last: ['Her experience, an excellent sense, holds the posi', null, 124.66, 141.54] }],
  ['aws/aws_transc__08-vocabulary-filter-remove.json', { format: 'aws', rows: 13, first: ['She was gone out into the on some errand when, as ', null, 0.49, 7.2], last: ['Her experience, an excellent sense, holds the posi', null, 124.66, 141.54] }],
  ['deepgram/deepgrampy__dg_speakers.json', { format: 'deepgram', rows: 22, first: ['And,', '0', 3.04, 3.54], last: ['Copy.', '1', 162.605, 163.105] }],
  ['deepgram/deepgrampy__dg_speakers_no_utterances.json', { format: 'deepgram', rows: 28, first: ['And, Jessica, Christina, we are so proud of you.', '0', 3.04, 7.585], last: ['Copy.', '1', 162.605, 163.105] }],
  ['deepgram/deepgrampy__dg_transcription.json', { format: 'deepgram', rows: 2, first: ['Yeah.', null, 0.08, 0.32], last: ['As as much as, it\'s worth celebrating, the first, ', null, 0.32, 25.439999] }],
  ['deepgram/deepgrampy__dg_utterances.json', { format: 'deepgram', rows: 6, first: ['Yeah. As as much as, it\'s worth celebrating,', null, 0.08, 3.22], last: ['and didn\'t get the same opportunities that we have', null, 22.3, 25.439999] }],
  ['deepgram/deepgrampy__dg_whisper_transcription.json', { format: 'deepgram', rows: 1, first: ['yeah as much as it\'s worth celebrating the first s', null, 0.06, 25.56], last: ['yeah as much as it\'s worth celebrating the first s', null, 0.06, 25.56] }],
  ['eaf/ag__elan.eaf', { format: 'eaf', rows: 21, first: ['I\'m at Byron kindergarten on ((what date is it)) t', 'salt-Examiner', 0, 5], last: ['x.', 'salt-Child', 93, 94] }],
  ['eaf/ag__expected_descript.eaf', { format: 'eaf', rows: 4, first: ['The quick brown fox', 'descript', 0, 2], last: ['Aquel biógrafo se zampó un extraño sándwich de vod', 'descript', 5, 7] }],
  ['eaf/ag__expected_simultaneous_speech.eaf', { format: 'eaf', rows: 4, first: ['{preamble} w1-1 w1-2[CS:es] w1-3 [throat-clear]', 'p1', 0, 5], last: ['w1-11 w1-12 w1-13', 'p1', 10, 15] }],
  ['eaf/ag__monotier.eaf', { format: 'eaf', rows: 130, first: ['. rest of that side of the famly[f{mli](family) so', 'P', 4.675, 6.752], last: ['and ah . he she -', 'P', 317.195, 320.757] }],
  ['eaf/ag__participant_check.eaf', { error: { line: 27, column: 13 }, message: 'two annotations have the id "a1"' }],
  ['eaf/ag__test_symbolic_tiers.eaf', { format: 'eaf', rows: 1, first: ['if this annotation is tokenized, the words will be', 'mop03-2b', 0, 3.28], last: ['if this annotation is tokenized, the words will be', 'mop03-2b', 0, 3.28] }],
  ['eaf/ag__test_utterance.eaf', { format: 'eaf', rows: 147, first: ['. rest of that side of the famly[f{mli](family) so', 'participant', 4.675, 6.752], last: ['and ah . he she -', 'participant', 317.195, 320.757] }],
  ['eaf/pympi__sample_3.0.eaf', { format: 'eaf', rows: 4788, first: ['prep', 'gestures', 1.8, 2.4], last: ['399', 'words-timesub', 1198.386, 1199] }],
  ['rev/revaipytho__transcript.json', { format: 'rev', rows: 2, first: ['Hi, my name\'s Jack resinger. And I\'m gonna be talk', '0', 0.3, 43.62], last: ['Many of the things we\'re gonna be talking about ar', '0', 44.01, 106.33] }],
  ['srt/pysrt__bom-utf-16-le.srt', { format: 'srt', rows: 7, first: ['About 2 months ago I found myself on the comment s', null, 6.5, 9], last: ['So what I thought I do is instead if answering on ', null, 43, 50] }],
  ['srt/pysrt__bom-utf-8.srt', { format: 'srt', rows: 7, first: ['About 2 months ago I found myself on the comment s', null, 6.5, 9], last: ['So what I thought I do is instead if answering on ', null, 43, 50] }],
  ['srt/pysrt__capability_tester.srt', { format: 'srt', rows: 37, first: ['Don\'t show this text it may be used to insert hidd', null, 0, 0], last: ['Both line should be strikethrough but the wrong cl', null, 66.501, 68.5] }],
  ['srt/pysrt__empty.srt', { format: 'srt', rows: 7, first: ['About 2 months ago I found myself on the comment s', null, 6.5, 9], last: ['So what I thought I do is instead if answering on ', null, 43, 50] }],
  ['srt/pysrt__invalid.srt', { format: 'srt', rows: 1, first: ['This subtitle is invalid', null, 1, 10], last: ['This subtitle is invalid', null, 1, 10] }],
  ['srt/pysrt__no-indexes.srt', { format: 'srt', rows: 7, first: ['About 2 months ago I found myself on the comment s', null, 6.5, 9], last: ['So what I thought I do is instead if answering on ', null, 43, 50] }],
  ['srt/pysrt__windows-1252.srt', { error: { line: 7 }, message: 'the file is not valid UTF-8: save it as UTF-8' }],
  ['srt/pysubs2__bad_tags.srt', { format: 'srt', rows: 1, first: ['Elephant\'s Dream Is Long And Badly Nested</xyz>', null, 10.5, 13], last: ['Elephant\'s Dream Is Long And Badly Nested</xyz>', null, 10.5, 13] }],
  ['srt/pysubs2__empty_subtitles.srt', { format: 'srt', rows: 3, first: ['I\'m Liza Minnelli..', null, 1767.46, 1769.83], last: ['', null, 0, 0] }],
  ['srt/pysubs2__malformed.srt', { format: 'srt', rows: 2, first: ['An example subtitle.', null, 0, 60], last: ['Subtitle number two.', null, 60, 120] }],
  ['srt/pysubs2__position_styling.srt', { format: 'srt', rows: 2, first: ['Elephant\'s Dream', null, 10.5, 13], last: ['At the left we can see...', null, 15, 18] }],
  ['srt/pysubs2__ssa_and_html_tags.srt', { format: 'srt', rows: 2, first: ['An example subtitle.', null, 0, 60], last: ['Subtitle number two.', null, 60, 120] }],
  ['srt/srt__ascii.srt', { format: 'srt', rows: 3, first: ['ascii', null, 27, 30.73], last: ['ascii everywhere', null, 34.1, 36.57] }],
  ['srt/srt__gb2312.srt', { error: { line: 3 }, message: 'the file is not valid UTF-8: save it as UTF-8' }],
  ['srt/webvttpy__invalid_timeframe.srt', { format: 'srt', rows: 5, first: ['Caption text #1', null, 0.5, 7], last: ['Caption text #5', null, 21.58, 23.88] }],
  ['srt/webvttpy__missing_caption_text.srt', { format: 'srt', rows: 5, first: ['Caption text #1', null, 0.5, 7], last: ['Caption text #5', null, 21.58, 23.88] }],
  ['srt/webvttpy__missing_timeframe.srt', { error: { line: 6 }, message: 'expected a timing line such as 00:00:01,000 --> 00:00:02,500' }],
  ['srt/webvttpy__sample.srt', { format: 'srt', rows: 5, first: ['Caption text #1', null, 0.5, 7], last: ['Caption text #5', null, 21.58, 23.88] }],
  ['stm/sctk__isgbug.stm', { format: 'stm', rows: 10, first: ['GOT YOUR MEETING REQUEST', 'sp002', 600.49, 602.15], last: ['RIGHT AND { IT IS / IT HAS / IT WAS } { IT IS / IT', 'sp002', 1922.34, 1931.72] }],
  ['stm/sctk__lvc_refe.stm', { format: 'stm', rows: 58, first: ['i\'ve { um / uh } a\\;s far as i\'m concerned', '2347-a', 1.06, 3.47], last: ['to actually physically hold them down to get it to', '3129-b', 291.77, 300.06] }],
  ['stm/sctk__overlap.stm', { format: 'stm', rows: 6, first: ['(%HESITATION) WITH AMONG EACH OTHER QUIET SIGNIFIC', 'TBVSTT', 107.675, 110.695], last: ['(%HESITATION) I I I SEEM TO REMEMBER SOMETHING ABO', 'TBVSTT', 110.859, 115.267] }],
  ['stm/sctk__ref.stm', { format: 'stm', rows: 48, first: ['a b c d e f g', 'spk1', 0, 0.5], last: ['a b c d e f g', 'spk8', 3.5, 4] }],
  ['stm/sctk__test.arb2004.txt.stm', { format: 'stm', rows: 33, first: ['(%تردّد) (%تردّد) The previous two words are %>h', 'test.arb2004_A', 1, 2], last: ['Multiple Rules needed اخافٍ', 'test.arb2004_B', 17, 18] }],
  ['stm/sctk__test.cantonese.stm', { format: 'stm', rows: 3, first: ['食 左 啦 我 喺 度 (<hes>) 整 野 煲汤 煲 fred 攞 汤', 'spkr1', 16.531, 17.35], last: ['我地 啲 (大概-) 星期五 下 (个) 星期五 可能 去 咩 亲子游 喔', 'spkr1', 29.922, 30.72] }],
  ['stm/sctk__test.eng.stm', { format: 'stm', rows: 2, first: ['Hi guys (%hesitation) Good we are morning\'s everyb', 'mio086', 49, 51.775], last: ['And (%hesitation) I want to introduce myself (%hes', 'mio086', 53.075, 62.875] }],
  ['stm/sctk__test.man.stm', { error: { line: 17 }, message: 'the file is not valid UTF-8: save it as UTF-8' }],
  ['stm/sctk__test01.stm', { format: 'stm', rows: 5, first: ['JAVA WILL RULES THE WORLD', 'CHRIS', 1, 6], last: ['', 'JON', 1, 3] }],
  ['stm/sctk__test02.stm', { format: 'stm', rows: 4, first: ['JAV=A WI*LL *RULES T)HE WORL D', 'CHRIS', 1, 6], last: ['', 'JON', 1, 3] }],
  ['textgrid/ag__expected_selected_layers__212.400-216.363.TextGrid', { format: 'textgrid', rows: 12, first: ['I', 'phone - participant', 1.6156000000000006, 1.775708430199984], last: ['j', 'phone - interviewer', 3.578000000000003, 3.963329999999985] }],
  ['textgrid/ag__fragment__1_890-3_830.TextGrid', { format: 'textgrid', rows: 24, first: ['<p:>', 'MAU', 0, 0.35], last: ['<p:>', 'MAU', 1.76, 1.93] }],
  ['textgrid/ag__pointtier.TextGrid', { format: 'textgrid', rows: 130, first: ['. rest of that side of the famly[f{mli](family) so', 'P', 4.675, 6.752], last: ['and ah . he she -', 'P', 317.195, 320.757] }],
  ['textgrid/ag__test_intervals_only.TextGrid', { format: 'textgrid', rows: 17, first: ['neutral', 'emotion', 0, 17.361156398104264], last: ['happy', 'emotion', 489.35263195245136, 493.304176976148] }],
  ['textgrid/ag__test_utterance_latin1.TextGrid', { format: 'textgrid', rows: 139, first: ['and äh . [throatclear] Cyril[sIr@l] would arrive a', 'participant', 0, 5.75], last: ['well there was five of us <five>', 'participant', 304.334, 306.92] }],
  ['textgrid/ag__test_utterance_utf-16.TextGrid', { format: 'textgrid', rows: 139, first: ['and äh . [throatclear] Cyril[sIr@l] would arrive a', 'participant', 0, 5.75], last: ['well there was five of us <five>', 'participant', 304.334, 306.92] }],
  ['textgrid/ag__test_utterance_utf-8.TextGrid', { format: 'textgrid', rows: 139, first: ['and äh . [throatclear] Cyril[sIr@l] would arrive a', 'participant', 0, 5.75], last: ['well there was five of us <five>', 'participant', 304.334, 306.92] }],
  ['textgrid/praatio__all_tiers_have_the_same_name.TextGrid', { format: 'textgrid', rows: 3, first: ['Mary', 'Mary', 0.06588581304037375, 0.2342878321396945], last: ['Bob', 'Mary', 0.4117654091545475, 0.5186553134930385] }],
  ['textgrid/praatio__bobby_phones.TextGrid', { format: 'textgrid', rows: 13, first: ['B', 'phone', 0.06469123242311078, 0.08438971390281873], last: ['ER0', 'phone', 0.980272108844, 1.1171482864527198] }],
  ['textgrid/praatio__bobby_words.TextGrid', { format: 'textgrid', rows: 5, first: ['BOBBY', 'word', 0.06469123242311078, 0.41156462585], last: ['LEDGER', 'word', 0.740816326531, 1.1171482864527198] }],
  ['textgrid/praatio__bobby_words_with_newlines.TextGrid', { format: 'textgrid', rows: 5, first: ['"""BOBBY""" Noun', '"word"', 0.06469123242311078, 0.41156462585], last: ['LEDGER Noun', '"word"', 0.740816326531, 1.1171482864527198] }],
  ['textgrid/praatio__bobby_words_with_newlines_longfile.TextGrid', { format: 'textgrid', rows: 5, first: ['"""BOBBY""" Noun', '"word"', 0.06469123242311078, 0.41156462585], last: ['LEDGER Noun', '"word"', 0.740816326531, 1.1171482864527198] }],
  ['textgrid/praatio__empty_textgrid.TextGrid', { format: 'textgrid', rows: 0 }],
  ['textgrid/praatio__mary.TextGrid', { format: 'textgrid', rows: 18, first: ['m', 'phone', 0.3154201182247563, 0.38526757369599995], last: ['l', 'phone', 1.3345876591689074, 1.5182538944627297] }],
  ['textgrid/praatio__mary_longfile.TextGrid', { format: 'textgrid', rows: 18, first: ['m', 'phone', 0.3154201182247563, 0.38526757369599995], last: ['l', 'phone', 1.3345876591689074, 1.5182538944627297] }],
  ['textgrid/praatio__mary_misaligned.TextGrid', { format: 'textgrid', rows: 18, first: ['m', 'phone', 0.3154201182247563, 0.38526757369599995], last: ['l', 'phone', 1.3345876591689074, 1.5182538944627297] }],
  ['textgrid/praatio__mary_with_negative_zero.TextGrid', { format: 'textgrid', rows: 18, first: ['m', 'phone', 0.3154201182247563, 0.38526757369599995], last: ['l', 'phone', 1.3345876591689074, 1.5182538944627297] }],
  ['textgrid/textgridto__test_long.TextGrid', { format: 'textgrid', rows: 3, first: ['x', 'a\n\t', 0.3558412624531997, 0.895629547447449], last: ['z', 'a\n\t', 2.2895534128149517, 2.883320526308626] }],
  ['textgrid/textgridto__test_short.TextGrid', { format: 'textgrid', rows: 3, first: ['x', 'a\n', 0.3558412624531997, 0.895629547447449], last: ['z', 'a\n', 2.2895534128149517, 2.883320526308626] }],
  ['trs/ag__a064a.trs', { format: 'trs', rows: 328, first: ['et euh des expÃ©riences des aventures', 'c999', 0, 3.177], last: ['avec mes enfants mes petits-enfants voilÃ', 'a064', 1031.919, 1034.141] }],
  ['trs/ag__e025a.trs', { format: 'trs', rows: 776, first: ['anon', 'c999', 0, 29.594], last: ['mais enfin je vous ai jamais dit de mensonges hein', 'c999', 2508.611, 2510.361] }],
  ['trs/ag__expected_discrete_turns.trs', { format: 'trs', rows: 4, first: ['w1-1 w1-2 w1-3', 'p1', 0, 5], last: ['w1-11 w1-12 w1-13', 'p1', 10, 15] }],
  ['trs/ag__expected_salt.trs', { format: 'trs', rows: 22, first: ['I\'m at Byron kindergarten on what date is it the 3', 'ADAL-Examiner', 1, 5], last: ['_.', 'ADAL-Child', 93, 94] }],
  ['trs/ag__expected_simultaneous_speech.trs', { format: 'trs', rows: 4, first: ['w1-1 w1-2 w1-3', 'p1', 0, 5], last: ['w1-11 w1-12 w1-13', 'p1', 10, 15] }],
  ['trs/ag__mop03-2b.trs', { format: 'trs', rows: 140, first: ['and ah . Cyril would arrive at the door', 'mop03-2b', 0, 5.75], last: ['well there was five of us <five>', 'mop03-2b', 304.334, 306.92] }],
  ['trs/ag__test-utf-8.trs', { format: 'trs', rows: 140, first: ['ánd ah . Cyril would arrive at the door', 'mop03-2b', 0, 5.75], last: ['well there was five of us <five>', 'mop03-2b', 304.334, 306.92] }],
  ['trs/ag__test.trs', { format: 'trs', rows: 140, first: ['and ah . Cyril would arrive at the door', 'mop03-2b', 0, 5.75], last: ['well there was five of us <five>', 'mop03-2b', 304.334, 306.92] }],
  ['trs/ag__transcriber.trs', { format: 'trs', rows: 21, first: ['I\'m at Byron kindergarten on what date is it the 3', 'ADAL-Examiner', 0, 5], last: ['_.', 'ADAL-Child', 93, 94] }],
  ['vtt/ag__abbreviated.vtt', { format: 'vtt', rows: 1, first: ['Well . I have a fairly vivid recollection - of all', null, 0, 5.6], last: ['Well . I have a fairly vivid recollection - of all', null, 0, 5.6] }],
  ['vtt/ag__expected_simultaneous_speech.vtt', { format: 'vtt', rows: 4, first: ['w1-1 w1-2 w1-3', 'Participant 1', 0, 5], last: ['w1-11 w1-12 w1-13', 'Participant 1', 10, 15] }],
  ['vtt/ag__voices_class_only.vtt', { error: { line: 1 }, message: 'expected the line WEBVTT at the start of the file (the conte' }],
  ['vtt/ag__youtube.vtt', { format: 'vtt', rows: 571, first: ['Before we move to the first question to the First ', null, 1.849, 4.43], last: ['to allow members, ministers and people in the gall', null, 2777.96, 2782.55] }],
  ['vtt/pysubs2__read_complex.vtt', { format: 'vtt', rows: 3, first: ['Cuidem do seu grupo. Cuidem de suas fileiras.', null, 50.099, 53.299], last: ['E, parem!', null, 118.155, 119.555] }],
  ['vtt/webvttpy__captions_with_bom.vtt', { format: 'vtt', rows: 4, first: ['Caption text #1', null, 0.5, 7], last: ['Caption text #4', null, 16.32, 21.58] }],
  ['vtt/webvttpy__comments.vtt', { format: 'vtt', rows: 3, first: ['- Ta en kopp varmt te. - Det är inte varmt.', null, 135, 140], last: ['- Ta en kopp', null, 145, 150] }],
  ['vtt/webvttpy__cue_tags.vtt', { format: 'vtt', rows: 3, first: ['When the moon hits your eye', null, 16.5, 18.5], last: ['That\'s amore', null, 20.5, 21.5] }],
  ['vtt/webvttpy__invalid.vtt', { error: { line: 1 }, message: 'expected the line WEBVTT at the start of the file (the conte' }],
  ['vtt/webvttpy__invalid_timeframe_in_cue_text.vtt', { format: 'vtt', rows: 4, first: ['Caption text #1', null, 0.5, 7], last: ['Caption text #3', null, 11.89, 16.32] }],
  ['vtt/webvttpy__metadata_headers_multiline.vtt', { format: 'vtt', rows: 2, first: ['Caption text #1', null, 0.5, 7], last: ['Caption text #2', null, 7, 11.89] }],
  ['vtt/webvttpy__missing_caption_text.vtt', { format: 'vtt', rows: 5, first: ['Caption text #1', null, 0.5, 7], last: ['Caption text #5', null, 21.58, 23.88] }],
  ['vtt/webvttpy__missing_timeframe.vtt', { error: { line: 7 }, message: 'expected a cue: an optional identifier line, then a timing l' }],
  ['vtt/webvttpy__netflix_chicas_del_cable.vtt', { format: 'vtt', rows: 865, first: ['[Alba] En 1928,', null, 7.96, 9.48], last: ['Alba.', null, 3147.32, 3148.6] }],
  ['vtt/webvttpy__no_captions.vtt', { format: 'vtt', rows: 0 }],
  ['vtt/webvttpy__sample.vtt', { format: 'vtt', rows: 16, first: ['Caption text #1', null, 0.5, 7], last: ['Caption text #16', null, 61.35, 64.3] }],
  ['vtt/webvttpy__styles.vtt', { format: 'vtt', rows: 1, first: ['- Hello world.', null, 0, 10], last: ['- Hello world.', null, 0, 10] }],
  ['vtt/webvttpy__using_identifiers.vtt', { format: 'vtt', rows: 6, first: ['Caption text #1', null, 0.5, 7], last: ['Caption text #6', null, 23.88, 27.28] }],
  ['vtt/webvttpy__youtube_dl.vtt', { format: 'vtt', rows: 4, first: ['yeah', null, 286.07, 286.47], last: ['this will happen is I\'m telling', null, 305.069, 305.4] }],
  ['whisper/ag__wordlist.json', { format: 'whisper', rows: 70, first: ['Okay, go.', 'SPEAKER_01', 2.862, 3.942], last: ['Thank you.', 'SPEAKER_01', 280.247, 280.507] }],
  ['whisper/deepgrampy__whisper_timestamped.json', { format: 'whisper', rows: 4, first: ['Yeah, as much as it\'s worth celebrating the first ', null, 0.12, 7.62], last: ['who were skilled and qualified and didn\'t get the ', null, 19.82, 25.32] }],
  ['whisper/pysubs2__transcribe_result.json', { format: 'whisper', rows: 2, first: ['And so my fellow Americans ask not what your count', null, 0, 7.6000000000000005], last: ['ask what you can do for your country.', null, 7.6, 36.6] }],
];

describeWithPeerFiles('the files other tools wrote', () => {
  it('lists every file of the folder once', () => {
    const onDisk = readdirSync(PEER_FILES_DIR).flatMap((dir) => readdirSync(join(PEER_FILES_DIR, dir)).map((name) => `${dir}/${name}`));
    expect(PEER_FILES.map(([name]) => name).sort()).toEqual(onDisk.sort());
  });

  it.each(PEER_FILES)('reads %s', (name, expected) => {
    const bytes = new Uint8Array(readFileSync(join(PEER_FILES_DIR, name)));
    let got: Expected;
    try {
      const { format, rows } = readTranscript(name.slice(name.indexOf('/') + 1), bytes);
      got = { format, rows: rows.length, ...(rows.length > 0 ? { first: shown(rows[0] as TranscriptRow), last: shown(rows[rows.length - 1] as TranscriptRow) } : {}) };
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
      got = { error: error.location, message: error.message.slice(0, 60) };
    }
    expect(got).toEqual(expected);
  });

  const refused = PEER_FILES.flatMap(([name, expected]) => ('error' in expected ? [[name, expected.error] as const] : []));
  it.each(refused)('refuses %s at the command line: exit 2, one line naming the file and its place', async (name, location) => {
    const path = join(PEER_FILES_DIR, name);
    const result = await runTool('diff', path, path, '-q');
    const place = location.line !== undefined ? `${path}:${location.line}${location.column !== undefined ? `:${location.column}` : ''}: ` : `${path}: `;
    expect([result.status, result.stderr.startsWith(`transcript-diff: ${place}`), result.stderr.trimEnd().split('\n')]).toEqual([2, true, [expect.any(String)]]);
  });
});

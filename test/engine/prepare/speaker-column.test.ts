import { detectSpeakerColumn } from '../../../src/engine/prepare/speaker-column';

describe('detectSpeakerColumn (D7.9)', () => {
  it('uses speakerColName case-insensitively, with no fallback when it names no column', () => {
    expect(detectSpeakerColumn(['transcript', 'Who'], { speakerColName: 'WHO' })).toBe('Who');
    expect(detectSpeakerColumn(['transcript', 'speaker'], { speakerColName: 'nobody' })).toBeNull();
  });

  it('then columnMapping.speaker', () => {
    expect(detectSpeakerColumn(['text', 'person', 'speaker'], {}, { transcript: 0, speaker: 1 })).toBe('person');
  });

  it('then the first column with a speaker-like name, case-insensitively', () => {
    expect(detectSpeakerColumn(['transcript', 'SPK', 'speaker'], {})).toBe('SPK');
    expect(detectSpeakerColumn(['transcript', 'Speaker_Label'], {})).toBe('Speaker_Label');
    expect(detectSpeakerColumn(['transcript', 'emotion'], {})).toBeNull();
  });
});

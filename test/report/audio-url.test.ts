import { resolve } from 'node:path';
import { audioUrl, isUrl } from '../../src/report/audio-url';

describe('audioUrl', () => {
  it('keeps a URL as it is', () => {
    for (const url of ['https://media.example/talk.mp3', 'file:///srv/talk.wav', 'blob:null/1234']) expect(audioUrl(url, 'out/report.html')).toBe(url);
  });

  it('links a path relative to the report, each segment URL-encoded', () => {
    expect(audioUrl('media/talk.wav', 'report.html')).toBe('media/talk.wav');
    expect(audioUrl('media/talk one#2.wav', 'out/report.html')).toBe('../media/talk%20one%232.wav');
    expect(audioUrl(resolve('a/b.mp3'), resolve('a/r.html'))).toBe('b.mp3');
  });

  it('takes a Windows drive letter for a path, not a scheme', () => {
    expect(isUrl('C:\\talk.wav')).toBe(false);
    expect(isUrl('https://x')).toBe(true);
  });

});

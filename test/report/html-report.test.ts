import { createHash } from 'node:crypto';
import { runDiff } from '../../src/engine/index';
import { mediaSource, reportHtml, scriptJson } from '../../src/report/html-report';
import { knownDiff } from './known-diff';

const between = (html: string, open: string, close: string) => {
  const start = html.indexOf(open);
  return html.slice(start + open.length, html.indexOf(close, start));
};
const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
/** The policy as a browser reads the attribute: its character references decoded. */
const policyOf = (html: string) => (/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] ?? '').replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('reportHtml', () => {
  const hostile = 'end </script><script>window.pwned=1</script> <!-- and \u2028 line \u2029 para & <b>';
  const data = runDiff({ original: [{ transcript: 'hello world' }], reworked: [{ transcript: hostile }] });
  const html = reportHtml({ data, title: 'a.srt → <b>.srt', sides: { original: { name: 'a.srt', format: 'srt', rows: 1 }, reworked: { name: '<b>.srt', rows: 1 } } });

  it('carries the data in a JSON block that no transcript can end or change', () => {
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    expect(html).not.toContain('<!--');
    const json = between(html, '<script type="application/json" id="report-data">', '</script>');
    expect(json).not.toMatch(/[<>\u2028\u2029]/);
    expect(json).toContain('\\u2028');
    const payload = JSON.parse(json) as { data: unknown; title: string; sides: unknown };
    expect(payload.data).toEqual(JSON.parse(JSON.stringify(data)));
    expect(payload.title).toBe('a.srt → <b>.srt');
  });

  it('escapes the title', () => {
    expect(html).toContain('<title>a.srt → &lt;b&gt;.srt</title>');
  });

  it("is protected by its own CSP, whose hashes are those of the inline script and style", () => {
    const policy = policyOf(html).split('; ');
    const script = between(html, '<script>', '</script>');
    const style = between(html, '<style>', '</style>');
    expect(script.length).toBeGreaterThan(1000);
    expect(style.length).toBeGreaterThan(100);
    expect(policy).toEqual(["default-src 'none'", `script-src ${sha(script)}`, `style-src ${sha(style)}`, "base-uri 'none'", "form-action 'none'"]);
    // The policy must be read before anything it governs.
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<style>'));
  });

  it('names no external resource: no src or href, no URL outside the data', () => {
    const markup = html.replace(between(html, '<script type="application/json" id="report-data">', '</script>'), '');
    expect(markup).not.toMatch(/\s(src|href)\s*=/i);
    expect(markup).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
    expect(between(html, '<style>', '</style>')).not.toMatch(/@import|url\(/i);
  });

  it('is deterministic for the same diff', () => {
    expect(reportHtml({ data: knownDiff(), title: 't' })).toBe(reportHtml({ data: knownDiff(), title: 't' }));
  });
});

describe('audio in the report', () => {
  const data = knownDiff();
  it('allows only where the audio comes from (media-src)', () => {
    expect(policyOf(reportHtml({ data, title: 't', audio: 'talk.wav' }))).toContain("media-src 'self' file:");
    expect(policyOf(reportHtml({ data, title: 't', audio: 'https://cdn.example:8443/a/talk.mp3?x=1' }))).toContain('media-src https://cdn.example:8443;');
    expect(policyOf(reportHtml({ data, title: 't', audio: 'http://bücher.example/talk.mp3' }))).toContain('media-src http://xn--bcher-kva.example;');
    // A host the URL parser accepts with a separator in it would add a directive of its own.
    expect(() => reportHtml({ data, title: 't', audio: 'http://a.example;img-src/x.wav' })).toThrow(/cannot be named in the report's Content-Security-Policy/);
    expect(() => reportHtml({ data, title: 't', audio: "http://a.example,'unsafe-inline'/x.wav" })).toThrow(/Content-Security-Policy/);
    expect(mediaSource('blob:null/abc')).toBe('blob:');
    expect(mediaSource('file:///srv/a.wav')).toBe("'self' file:");
  });

  it('refuses a URL the page could not play', () => {
    expect(() => mediaSource('javascript:alert(1)')).toThrow('javascript: URLs cannot be played by the report');
    expect(() => mediaSource('http://')).toThrow('not a valid URL');
  });

  it('writes no media-src without audio', () => {
    expect(policyOf(reportHtml({ data, title: 't' }))).not.toContain('media-src');
  });
});

describe('a back link', () => {
  const data = knownDiff();
  const payloadOf = (html: string) => JSON.parse(between(html, '<script type="application/json" id="report-data">', '</script>')) as { back?: unknown };

  it('travels in the data for the script to draw, and leaves the CSP as it is', () => {
    const html = reportHtml({ data, title: 't', back: { href: '../index.html', label: '← All pairs' } });
    expect(payloadOf(html).back).toEqual({ href: '../index.html', label: '← All pairs' });
    expect(policyOf(html)).toBe(policyOf(reportHtml({ data, title: 't' })));
  });

  it('is absent from the data without one', () => {
    expect(payloadOf(reportHtml({ data, title: 't' }))).not.toHaveProperty('back');
  });

  it('refuses an address that would run code or open a document of its own', () => {
    for (const href of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x']) {
      expect(() => reportHtml({ data, title: 't', back: { href, label: 'back' } })).toThrow("cannot be the report's back link");
    }
  });
});

describe('scriptJson', () => {
  it('reads back as the same value', () => {
    const value = { text: '</script>\u2028\u2029<!--&>', lone: '\ud800' };
    expect(JSON.parse(scriptJson(value))).toEqual(value);
  });
});

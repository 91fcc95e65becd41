import { isNavigableHref } from '../../src/report/link-href';

describe('isNavigableHref', () => {
  it('allows a relative path, a fragment and http:, https: and file: URLs', () => {
    for (const href of ['../index.html', 'index.html#sort=id', '#top', '/srv/out/index.html', 'https://example.org/a', 'HTTP://example.org', 'file:///srv/out/index.html']) {
      expect(isNavigableHref(href)).toBe(true);
    }
  });

  it('refuses a scheme that runs code or opens a document of its own', () => {
    for (const href of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'vbscript:msgbox', 'data:text/html,<script>1</script>', 'blob:null/0']) {
      expect(isNavigableHref(href)).toBe(false);
    }
  });

  it('reads the scheme as a browser does: tabs and line breaks dropped, controls and spaces trimmed', () => {
    for (const href of ['java\tscript:alert(1)', 'java\nscript:alert(1)', 'jav\r\nascript:alert(1)', ' \u0001javascript:alert(1)', '\u0000javascript:x']) {
      expect(isNavigableHref(href)).toBe(false);
    }
  });
});

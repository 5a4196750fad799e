import { sanitizePostHtml } from './blog.service';

describe(sanitizePostHtml.name, () => {
  it('shows level-one headings as level three', () => {
    expect(sanitizePostHtml('<h1>Title</h1><h2>Sub</h2>')).toBe('<h3>Title</h3><h2>Sub</h2>');
  });

  it('removes scripts, event handlers and javascript: links', () => {
    const sut = sanitizePostHtml('<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="x" onerror="y()">');
    expect(sut).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(sut).toContain('<p>Hi</p>');
  });

  it('keeps relative links to our own pages', () => {
    expect(sanitizePostHtml('<a href="/faq/">FAQ</a>')).toBe('<a href="/faq/">FAQ</a>');
  });
});

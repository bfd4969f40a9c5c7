import { describe, expect, it } from 'vitest';
import { inert, renderEmail } from './email-template.ts';

describe('the e-mail template', () => {
  it('renders text and HTML from the same content, with the action as a button whose link is in the text', () => {
    const { text, html } = renderEmail({
      subject: 'Updated: Rust & <Go>',
      text: 'Hello Asha,\n\n"Rust" moved.\nJoin: https://meet.jit.si/MentorBridge-abc.\n\nBye',
      action: { label: 'View the workshop', url: 'https://mb.example/student/dashboard?tab=workshops&workshop=1' },
    });
    expect(text).toBe(
      'Hello Asha,\n\n"Rust" moved.\nJoin: https://meet.jit.si/MentorBridge-abc.\n\nBye\n\nView the workshop: https://mb.example/student/dashboard?tab=workshops&workshop=1\n',
    );
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en" dir="ltr">/);
    expect(html).toContain('<title>Updated: Rust &amp; &lt;Go&gt;</title>');
    expect(html).toContain('<h1 style="margin:0 0 16px 0;font-size:20px;line-height:1.3;color:#111827">Updated: Rust &amp; &lt;Go&gt;</h1>');
    expect(html).toContain('href="https://mb.example/student/dashboard?tab=workshops&amp;workshop=1"');
    expect(html).toContain('>View the workshop</a>');
    // Links in the text become anchors, without the sentence's full stop.
    expect(html).toContain('<a href="https://meet.jit.si/MentorBridge-abc"');
    expect(html).toContain('&quot;Rust&quot; moved.<br>');
    expect(html.match(/role="presentation"/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('never links anything but http(s) and escapes what users typed', () => {
    const { text, html } = renderEmail({
      subject: 's',
      text: 'Message: <script>alert(1)</script> javascript:alert(1)',
      action: { label: 'Go', url: 'javascript:alert(1)' },
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('href="javascript');
    expect(html).not.toContain('>Go</a>');
    expect(text).not.toContain('Go: javascript');
  });

  it('does not repeat a link the text already carries', () => {
    const { text } = renderEmail({ subject: 's', text: 'Open https://a.example/x now', action: { label: 'Open', url: 'https://a.example/x' } });
    expect(text).toBe('Open https://a.example/x now\n');
  });
});

describe('issue 28: a person\'s name containing a URL becomes a clickable link in e-mails to others', () => {
  it('user-supplied text made inert: no anchor in HTML, no URL, domain or address for an auto-linker in either part', () => {
    const name = 'Asha visit https://evil.example/login or evil.example, mail boss@evil.example';
    const { text, html } = renderEmail({ subject: `${inert(name)} invited you`, text: `Hello,\n\n${inert(name)} invited you: https://mb.example/invitation?token=x` });
    // The platform's own link stays a link; the name's URL does not.
    expect(html).toContain('<a href="https://mb.example/invitation?token=x"');
    expect(html).not.toContain('href="https://evil.example');
    for (const part of [text, html]) {
      expect(part).not.toMatch(/https?:\/\/evil/);
      expect(part).not.toMatch(/evil\.example/);
      expect(part).not.toMatch(/boss@evil/);
      // It reads the same once the invisible breaks are ignored.
      expect(part.replace(/\u200b/g, '')).toContain(name.replace(/&/g, '&amp;'));
    }
    expect(inert(inert('a.b'))).toBe(inert('a.b'));
  });
});

import { describe, expect, it } from 'vitest';
import { redirectHref } from './redirect-url.ts';

describe('redirectHref (SPEC §2 redirect URLs)', () => {
  it('keeps http and https URLs as they are', () => {
    expect(redirectHref('https://shop.example/return?x=1#top')).toBe(
      'https://shop.example/return?x=1#top',
    );
    expect(redirectHref('http://shop.example')).toBe('http://shop.example');
    expect(redirectHref('HTTPS://Shop.example/a')).toBe('HTTPS://Shop.example/a');
  });

  it('treats a URL without an http prefix as protocol-relative', () => {
    expect(redirectHref('shop.example/return')).toBe('//shop.example/return');
    expect(redirectHref('//shop.example/return')).toBe('//shop.example/return');
    expect(redirectHref('/shop.example/return')).toBe('//shop.example/return');
    expect(redirectHref('shop.example:8443/return')).toBe('//shop.example:8443/return');
    expect(redirectHref('  shop.example/return  ')).toBe('//shop.example/return');
  });

  it('never follows a URL with a user name or password, the disguise of another host', () => {
    expect(redirectHref('https://bank.example@evil.example/ok')).toBeNull();
    expect(redirectHref('https://user:secret@shop.example/ok')).toBeNull();
    expect(redirectHref('bank.example@evil.example/ok')).toBeNull();
    expect(redirectHref('https://shop.example/ok?next=a@b')).toBe(
      'https://shop.example/ok?next=a@b',
    );
  });

  it('has nothing for an absent or empty URL', () => {
    expect(redirectHref(null)).toBeNull();
    expect(redirectHref(undefined)).toBeNull();
    expect(redirectHref('')).toBeNull();
    expect(redirectHref('   ')).toBeNull();
  });

  it('never leads to a script or another scheme', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'http:shop.example',
      'https:/shop.example',
    ]) {
      const href = redirectHref(url);
      if (href !== null) {
        // Whatever is left must be an http(s) address of some host, never a script.
        const resolved = new URL(href, 'https://form.example/');
        expect(['http:', 'https:']).toContain(resolved.protocol);
        expect(href.toLowerCase()).not.toMatch(/^\s*(javascript|data|vbscript):/);
      }
    }
    expect(redirectHref('javascript:alert(1)')).toBeNull();
    expect(redirectHref('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(redirectHref('http:shop.example')).toBeNull();
  });
});

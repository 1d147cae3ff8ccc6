// Sign-in sends a person back only to a page of ours (issue 35): a crafted ?redirect= must not lead elsewhere.
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../web/lib/safe-return-path.ts';

describe('safeReturnPath', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(safeReturnPath('/mentor_info/5?after_sign_in=book-12')).toBe('/mentor_info/5?after_sign_in=book-12');
    expect(safeReturnPath('/event_info/16#reviews')).toBe('/event_info/16#reviews');
  });

  it('refuses other origins, protocol-relative and backslash tricks, schemes and control characters', () => {
    for (const raw of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      '/\\/evil.example',
      'javascript:alert(1)',
      'mentor_info/5',
      '/AllMentors\n',
      '/%0a',
      '',
      42,
      undefined,
    ]) {
      const safe = safeReturnPath(raw);
      if (safe !== undefined) expect(new URL(safe, 'https://forma.test').origin).toBe('https://forma.test');
      if (typeof raw === 'string' && !raw.startsWith('/')) expect(safe).toBeUndefined();
    }
    expect(safeReturnPath('//evil.example/path')).toBeUndefined();
    expect(safeReturnPath('/\\evil.example')).toBeUndefined();
  });

  it('never returns to the sign-in pages themselves', () => {
    expect(safeReturnPath('/login')).toBeUndefined();
    expect(safeReturnPath('/register?redirect=/x')).toBeUndefined();
  });
});

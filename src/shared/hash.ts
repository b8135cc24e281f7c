/**
 * A short, stable fingerprint of a text for file names that can be cached forever (a new text gives a new
 * name); not for security. Usable where Node's crypto is not (the theme, the browser): FNV-1a over the
 * UTF-16 code units in two 32-bit lanes with different starting values, as 16 hex digits.
 */
export function textHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c ^ (b >>> 13), 0x01000193);
  }
  return hex(a) + hex(b);
}

const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');

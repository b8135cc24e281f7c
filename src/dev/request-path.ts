/**
 * The first thing both servers do with a request: turn its target into path segments that can only
 * name something inside the served root, or refuse it. Everything that could step outside
 * (`..` in any encoding, encoded slashes and backslashes, null bytes, absolute-form targets) stops here.
 */

export type RequestTarget =
  | {
      ok: true;
      /** Decoded path segments, none empty, none `.`/`..`, none with a slash, backslash, `%` or leading dot. */
      segments: string[];
      /** The request path ended with `/` (a page address). */
      trailingSlash: boolean;
      /** Query string including `?`, or ''. */
      search: string;
    }
  | { ok: false; status: 400 | 404; reason: string };

/** Longest request target accepted; Node's header limit (16 KB) bounds the whole request line anyway. */
const MAX_TARGET = 8192;

export function parseRequestTarget(url: string | undefined): RequestTarget {
  // Origin-form only: absolute-form (`GET http://host/x`), authority-form and `*` are proxy requests.
  if (url?.[0] !== '/') return refuse(400, 'The request target must be a path that starts with "/".');
  if (url.length > MAX_TARGET) return refuse(400, 'The request target is too long.');
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  const search = q < 0 ? '' : url.slice(q);
  const segments: string[] = [];
  for (const raw of rawPath.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return refuse(400, 'The path has a malformed percent-encoding.');
    }
    // Control characters (null bytes included) never name a file we serve.
    if (/[\u0000-\u001f\u007f]/.test(segment)) return refuse(400, 'The path contains a control character.');
    // Decoded once, a segment must be a plain name. `%` left after decoding means double encoding
    // (`%252e%252e`): refused rather than risk a second decode somewhere downstream.
    // Dot names are never published, except `.well-known/` (security.txt, app links), as in a build.
    if (segment === '.' || segment === '..' || /[/\\%]/.test(segment) || (segment.startsWith('.') && segment !== '.well-known')) {
      return refuse(404, 'The path names nothing that is served.');
    }
    segments.push(segment);
  }
  return { ok: true, segments, trailingSlash: rawPath.endsWith('/'), search };
}

/** A canonical, safely encoded path for a Location header (never `//host`, which would leave the site). */
export function encodeSegments(segments: string[], trailingSlash: boolean): string {
  const inner = segments.map(encodeURIComponent).join('/');
  return '/' + inner + (trailingSlash && inner ? '/' : '');
}

function refuse(status: 400 | 404, reason: string): RequestTarget {
  return { ok: false, status, reason };
}

/**
 * DNS-rebinding defence: a page on an attacker's domain that resolves to 127.0.0.1 sends its own name in
 * `Host`. Only the served host, loopback names and the configured extra hosts are accepted; when bound to
 * every interface, IP literals are accepted too (a rebinding attack always carries a domain name).
 */
export function isAllowedHost(hostHeader: string | undefined, boundHost: string, extra: readonly string[] = []): boolean {
  if (!hostHeader) return false;
  const hostname = hostOf(hostHeader);
  if (hostname === undefined) return false;
  const allowed = new Set(['localhost', '127.0.0.1', '[::1]', normalizeHost(boundHost), ...extra.map(normalizeHost)]);
  if (allowed.has(hostname)) return true;
  const wildcard = boundHost === '0.0.0.0' || boundHost === '::' || boundHost === '[::]';
  return wildcard && isIpLiteral(hostname);
}

function normalizeHost(host: string): string {
  const h = host.toLowerCase();
  return h.includes(':') && !h.startsWith('[') ? `[${h}]` : h;
}

/** The host name of a Host header value (port removed), lower-cased; undefined when malformed. */
function hostOf(header: string): string | undefined {
  const h = header.trim().toLowerCase();
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(h);
  return m ? m[1] : undefined;
}

function isIpLiteral(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || /^\[[0-9a-f:.]+\]$/.test(hostname);
}

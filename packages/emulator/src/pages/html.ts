/** The hosted pages' HTML shell and escaping. Every value put in a page goes through {@link esc}. */

/** Escapes text for HTML content and attribute values. */
export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f6f8fa; color: #1f2328; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  label { display: block; margin: .8rem 0 .3rem; font-weight: 600; }
  input, select { width: 100%; box-sizing: border-box; padding: .6rem; border: 1px solid #d0d7de; border-radius: 6px; font-size: 1rem; }
  fieldset { border: 0; padding: 0; margin: .8rem 0 0; } legend { font-weight: 600; padding: 0; }
  label.choice { display: flex; gap: .5rem; align-items: center; font-weight: 400; margin: .4rem 0; }
  label.choice input { width: auto; }
  button { margin-top: 1.2rem; width: 100%; padding: .7rem; background: #1f883d; color: #fff; border: 0; border-radius: 6px; font-size: 1rem; cursor: pointer; }
  .error { background: #ffebe9; color: #82071e; padding: .6rem; border-radius: 6px; }
  .note { color: #59636e; font-size: .9rem; }
  nav a { margin-right: 1rem; }
  table { width: 100%; border-collapse: collapse; } td, th { padding: .4rem 0; text-align: left; } td.n { text-align: right; }
`;

/**
 * A complete page. `body` must already be escaped. Its content sits in `#SITE_CONTAINER`, the root
 * element of every page the platform hosts, which apps' own browser tests wait for.
 */
export function htmlPage(
  title: string,
  body: string,
  scriptNonce?: string,
  script?: string,
): string {
  const scriptTag =
    script !== undefined && scriptNonce !== undefined
      ? `<script nonce="${scriptNonce}">${script}</script>`
      : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${esc(title)} · Vitrine emulator</title><style>${STYLE}</style></head><body><div id="SITE_CONTAINER"><main><h1>${esc(title)}</h1>${body}<p class="note">Local emulator: no real account, no real money.</p></main></div>${scriptTag}</body></html>`;
}

/** A hidden form field. */
export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`;
}

/** An error banner, or nothing. */
export function errorBanner(message: string | undefined): string {
  return message === undefined ? '' : `<p class="error" role="alert">${esc(message)}</p>`;
}

/** A value safe to embed in an inline script: JSON with `<` escaped so it cannot close the tag. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A page that cannot go on, saying why. */
export function errorPage(message: string): string {
  return htmlPage('Cannot continue', `<p class="error">${esc(message)}</p>`);
}

/**
 * The captcha site keys the client embeds. The specification does not publish the
 * platform's values, so these name the slots; pass the store's real keys in `captchaSiteKeys`.
 * The local emulator accepts any captcha token. (Its own module: the deferred client shows them
 * before the client's code has loaded.)
 */
export const DEFAULT_CAPTCHA_SITE_KEYS = /* @__PURE__ */ Object.freeze({
  visible: 'vitrine-visible-captcha-site-key',
  invisible: 'vitrine-invisible-captcha-site-key',
});

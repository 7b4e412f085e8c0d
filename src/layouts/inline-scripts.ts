/**
 * The inline scripts our own templates write into pages. The server allows them in the CSP by
 * their hashes (src/server/http/csp.server.ts), together with the scripts Astro's build produced;
 * an inline script in a page that is not one of these does not run.
 */

/** Before paint: marks JavaScript as available and applies the reader's font size (no layout shift). */
export const FONT_BOOT_SCRIPT = `(function(){var d=document.documentElement;d.classList.add('js');var m=document.cookie.match(/(?:^|; )masthead-font-changer=([^;]*)/);if(m){var v=parseFloat(decodeURIComponent(m[1]));if(isFinite(v)){v=Math.min(1.5,Math.max(0.5,Math.round(v*10)/10));d.style.setProperty('--font-scale',String(v));}}})();`;

/** The admin's document: marks JavaScript as available. */
export const ADMIN_BOOT_SCRIPT = `document.documentElement.classList.add('js');`;

export const OWN_INLINE_SCRIPTS = [FONT_BOOT_SCRIPT, ADMIN_BOOT_SCRIPT] as const;

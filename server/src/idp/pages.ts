/**
 * Server-rendered pages of the dev identity provider. Plain HTML forms, no inline scripts or
 * styles: the stylesheet and the one small script are served from ASSET_PATH, so a strict
 * Content-Security-Policy (see contentSecurityPolicy) holds.
 */

export const ASSET_PATH = '/idp-assets';
export const STYLESHEET = `${ASSET_PATH}/idp.css`;
export const LOGOUT_SCRIPT = `${ASSET_PATH}/auto-submit.js`;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * CSP for every response of the provider. oidc-provider appends the hash of its own inline
 * form_post script to `script-src` when it renders one, so that page keeps working.
 * `form-action` names the portal because browsers apply it to the redirects after a form post
 * (login → /auth/:uid → portal callback; logout → post-logout redirect).
 */
export function contentSecurityPolicy(portalOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    `form-action 'self' ${portalOrigin}`,
    `frame-ancestors 'self' ${portalOrigin}`,
    "base-uri 'none'",
  ].join('; ');
}

function layout(title: string, body: string, language: PageLanguage = 'en'): string {
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${STYLESHEET}">
</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>`;
}

/**
 * Language of the provider's pages, chosen from the browser's Accept-Language (English unless
 * German is preferred): every label, the title and the page's lang attribute. Tests drive the
 * form by its fields' names, not by their labels.
 */
export type PageLanguage = 'en' | 'de';

/** The page language for an Accept-Language choice (koa's `ctx.acceptsLanguages('en', 'de')`). */
export function pageLanguage(accepted: string | false | undefined): PageLanguage {
  return accepted === 'de' ? 'de' : 'en';
}

export const LOGIN_MESSAGES: Record<
  PageLanguage,
  { invalidCredentials: string; tooManyFailures(seconds: number): string }
> = {
  en: {
    invalidCredentials: 'Invalid username or password',
    tooManyFailures: (s) => `Too many failed sign-ins. Try again in ${s} ${s === 1 ? 'second' : 'seconds'}.`,
  },
  de: {
    invalidCredentials: 'Benutzername oder Passwort ist falsch',
    tooManyFailures: (s) =>
      `Zu viele fehlgeschlagene Anmeldungen. Bitte versuchen Sie es in ${s} ${s === 1 ? 'Sekunde' : 'Sekunden'} erneut.`,
  },
};

const TEXTS = {
  en: {
    signIn: 'Sign in',
    errorTitle: 'Error: Sign in',
    continueTo: (client: string) => `to continue to ${client}`,
    username: 'Username',
    password: 'Password',
    cancel: 'Cancel',
    hint: (accounts: string) => `Development sign-in. Demo accounts: ${accounts} (password = username).`,
    signOut: 'Sign out',
    signOutFrom: (host: string) => `Sign out from ${host}?`,
    staySignedIn: 'Stay signed in',
    signedOut: 'Signed out',
    signedOutText: (client: string) => `You are signed out${client ? ` of ${client}` : ''}. You can close this window.`,
  },
  de: {
    signIn: 'Anmelden',
    errorTitle: 'Fehler: Anmelden',
    continueTo: (client: string) => `um mit ${client} fortzufahren`,
    username: 'Benutzername',
    password: 'Passwort',
    cancel: 'Abbrechen',
    hint: (accounts: string) => `Anmeldung für die Entwicklung. Demo-Konten: ${accounts} (Passwort = Benutzername).`,
    signOut: 'Abmelden',
    signOutFrom: (host: string) => `Von ${host} abmelden?`,
    staySignedIn: 'Angemeldet bleiben',
    signedOut: 'Abgemeldet',
    signedOutText: (client: string) =>
      `Sie sind${client ? ` von ${client}` : ''} abgemeldet. Sie können dieses Fenster schließen.`,
  },
} satisfies Record<PageLanguage, Record<string, unknown>>;

export interface LoginPageOptions {
  action: string;
  abortAction: string;
  clientName: string;
  username?: string;
  error?: string;
  /** The page's language (labels, title, lang attribute); English by default. */
  language?: PageLanguage;
  demoAccounts: readonly string[];
}

export function loginPage(options: LoginPageOptions): string {
  const { action, abortAction, clientName, username = '', error, language = 'en', demoAccounts } = options;
  const text = TEXTS[language];
  const invalid = error ? ' aria-invalid="true" aria-describedby="login-error"' : '';
  const lang = language === 'en' ? '' : ` lang="${language}"`;
  const errorBlock = error
    ? `<p id="login-error" class="error" role="alert"${lang}>${escapeHtml(error)}</p>\n`
    : '';
  const hint = demoAccounts.length
    ? `<p class="hint">${text.hint(demoAccounts.map((a) => `<code>${escapeHtml(a)}</code>`).join(', '))}</p>`
    : '';
  return layout(
    error ? text.errorTitle : text.signIn,
    `<h1>${text.signIn}</h1>
<p>${text.continueTo(escapeHtml(clientName))}</p>
${errorBlock}<form method="post" action="${escapeHtml(action)}" class="stack">
<div class="field">
<label for="username">${text.username}</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus value="${escapeHtml(username)}"${invalid}>
</div>
<div class="field">
<label for="password">${text.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
</div>
<button type="submit" class="primary">${text.signIn}</button>
</form>
<form method="post" action="${escapeHtml(abortAction)}">
<button type="submit" class="secondary">${text.cancel}</button>
</form>
${hint}`,
    language,
  );
}

/**
 * Sign-out confirmation. `form` is oidc-provider's hidden form (id op.logoutForm, with its xsrf
 * token). For the first-party portal the page submits itself through an external script (no inline
 * code); without JavaScript the one button does the same.
 */
export function logoutPage(form: string, options: { host: string; autoSubmit: boolean; language?: PageLanguage }): string {
  const language = options.language ?? 'en';
  const text = TEXTS[language];
  const script = options.autoSubmit ? `<script src="${LOGOUT_SCRIPT}" defer></script>\n` : '';
  return layout(
    text.signOut,
    `<h1>${text.signOut}</h1>
<p>${text.signOutFrom(escapeHtml(options.host))}</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" class="primary" autofocus>${text.signOut}</button>
${options.autoSubmit ? '' : `<button type="submit" form="op.logoutForm" class="secondary">${text.staySignedIn}</button>\n`}${script}`,
    language,
  );
}

export function signedOutPage(clientName: string | undefined, language: PageLanguage = 'en'): string {
  const text = TEXTS[language];
  return layout(text.signedOut, `<h1>${text.signedOut}</h1>\n<p>${text.signedOutText(escapeHtml(clientName ?? ''))}</p>`, language);
}

export function errorPage(title: string, details: Record<string, unknown>): string {
  const rows = Object.entries(details)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('\n');
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n${rows ? `<dl>\n${rows}\n</dl>` : ''}`);
}

export const STYLESHEET_SOURCE = `:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f3f4f6;color:#111827}
.card{box-sizing:border-box;width:min(100% - 2rem,24rem);margin:2rem auto;padding:2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.2)}
h1{font-size:1.5rem;margin:0 0 .25rem}
.stack{display:grid;gap:1rem;margin:1.5rem 0 .75rem}
.field{display:grid;gap:.25rem}
label{font-weight:600}
input{font:inherit;padding:.5rem .625rem;border:1px solid #6b7280;border-radius:.25rem;background:#fff;color:#111827}
input[aria-invalid=true]{border-color:#b91c1c}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
button{font:inherit;width:100%;padding:.625rem;border-radius:.25rem;cursor:pointer;margin-top:.5rem}
.primary{background:#1d4ed8;color:#fff;border:1px solid #1d4ed8;font-weight:600}
.primary:hover{background:#1e40af}
.secondary{background:transparent;color:#1f2937;border:1px solid #6b7280}
.error{margin:1rem 0 0;padding:.75rem;border-left:4px solid #b91c1c;background:#fef2f2;color:#7f1d1d;font-weight:600}
.hint{margin-top:1.5rem;font-size:.875rem;color:#374151}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;word-break:break-word}
dt{font-weight:600}dd{margin:0}
@media (prefers-color-scheme:dark){body{background:#111827;color:#f9fafb}.card{background:#1f2937}input{background:#111827;color:#f9fafb;border-color:#9ca3af}.secondary{color:#f9fafb;border-color:#9ca3af}.hint{color:#d1d5db}.error{background:#450a0a;color:#fecaca}}
`;

/** Submits the sign-out confirmation form of the first-party portal (served as a file: CSP-safe). */
export const AUTO_SUBMIT_SOURCE = `document.addEventListener('DOMContentLoaded', function () {
  var form = document.getElementById('op.logoutForm');
  if (!form) return;
  var input = document.createElement('input');
  input.type = 'hidden';
  input.name = 'logout';
  input.value = 'yes';
  form.appendChild(input);
  form.submit();
});
`;

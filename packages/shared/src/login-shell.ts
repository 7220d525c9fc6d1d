/*
 * The login page's shell (issue 13, docs/scaling.md "First load"): the web app's build writes
 * `login.html` with these markers, the API fills them for each request to /login, and the app takes
 * the shell over once it runs. One definition for the three.
 */
export const LOGIN_SHELL = {
  /** The page, in the web app's build output. */
  template: 'login.html',
  /** The login page bundled for Node, which renders it (`renderLoginPage(organization, address)`). */
  renderer: 'ssr/login-page.mjs',
  /** Replaced by the organisation of the address, as its directory lookup answers it (JSON). */
  organizationMarker: '<!--inscrio:organization-->',
  /** Replaced by the login page's markup, rendered by the server. */
  pageMarker: '<!--inscrio:login-page-->',
  /** The `<script type="application/json">` holding the organisation. */
  organizationElementId: 'inscrio-organization',
  /** The element holding the server-rendered page until the app takes it over. */
  shellElementId: 'login-shell',
} as const;

/* The auth feature's public face: its pages, the session check of the guards, the login shell's hand-over. */
export { checkSession } from './api/get-session';
export { handoffLoginPath } from './api/sign-in-handoff';
export { ForgotPasswordPage } from './components/forgot-password-page';
export { LoginPage } from './components/login-page';
export { RegisterPage } from './components/register-page';
export { ResetPasswordPage } from './components/reset-password-page';
export { dropLoginShell } from './login-shell/takeover';

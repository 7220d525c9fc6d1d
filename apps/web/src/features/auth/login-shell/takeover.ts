import { LOGIN_SHELL } from '@inscrio/shared';

/*
 * The login page the server sent with the first response (the shell: apps/api/src/plugins/login-page.ts)
 * is shown until the app's own login form takes over; #root stays hidden while it is there. What the
 * visitor did in it meanwhile is carried into the app's form, so nothing typed is lost.
 */

export type ShellField = 'email' | 'password';

export interface ShellInput {
  email: string;
  password: string;
  /** The field that had the focus, with the caret or selection in it. */
  focus: { field: ShellField; start: number | null; end: number | null } | null;
  /** The visitor submitted before the app was there: the app sends the sign-in. */
  submitted: boolean;
}

function shellElement(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(LOGIN_SHELL.shellElementId);
}

/** What was typed in the shell, and removes it (the app's page shows in its place); null without one. */
export function takeLoginShell(): ShellInput | null {
  const shell = shellElement();
  if (!shell) return null;
  const field = (name: ShellField) => shell.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const focused = (['email', 'password'] as const).find((name) => document.activeElement === field(name));
  const input: ShellInput = {
    email: field('email')?.value ?? '',
    password: field('password')?.value ?? '',
    focus: focused
      ? { field: focused, start: field(focused)!.selectionStart, end: field(focused)!.selectionEnd }
      : null,
    submitted: shell.hasAttribute('data-submitted'),
  };
  shell.remove();
  return input;
}

/** Removes the shell when the app shows something else than the login form (a redirect, an error). */
export function dropLoginShell(): void {
  shellElement()?.remove();
}

/**
 * Runs `change` (the focus and caret moving into the app's form) with the transitions of the fields in
 * `form` held: the server's field already showed its focus, so the app's must show it at once rather
 * than fade its border from grey to blue again (and the field React focused first, by `autoFocus`,
 * must not fade back). Once their style is computed, the fields keep their own transitions.
 */
export function withoutFieldTransitions(form: HTMLElement | null, change: () => void): void {
  const fields = form ? [...form.querySelectorAll<HTMLElement>('input')] : [];
  const inline = fields.map((field) => field.style.transition);
  for (const field of fields) field.style.transition = 'none';
  try {
    change();
  } finally {
    // Reading a computed style applies the focus state now, while nothing transitions.
    for (const field of fields) void getComputedStyle(field).borderTopColor;
    fields.forEach((field, index) => (field.style.transition = inline[index] ?? ''));
  }
}

import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-error';

/**
 * Puts the API's field details (`{ field, message }`, already in the user's language) under the
 * matching form fields. Returns true when at least one field got its message.
 */
export function applyApiFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const detail of error.details) {
    const field = detail.field.replace(/^body\./, '') as Path<T>;
    if (fields.includes(field)) {
      setError(field, { type: 'server', message: detail.message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}

/** The first message for each top-level field of a failed schema parse (forms kept in plain state). */
export function fieldMessages<Field extends string>(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  for (const issue of error.issues) found[String(issue.path[0]) as Field] ??= issue.message;
  return found;
}

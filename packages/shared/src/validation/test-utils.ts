import type { z } from 'zod';

/** Issue messages grouped by dotted path ('' for the root); {} when the input is valid. Test helper. */
export function issuesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const grouped: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    (grouped[key] ??= []).push(issue.message);
  }
  return grouped;
}

/** The messages of one field, [] when it has none. */
export function fieldIssues(schema: z.ZodType, input: unknown, field: string): string[] {
  return issuesOf(schema, input)[field] ?? [];
}

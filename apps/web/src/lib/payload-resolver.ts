import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

/** Any zod (v4) schema whose parsed value is `Output`. */
export interface OutputSchema<Output> {
  _zod: { output: Output; input: unknown };
}

/**
 * A form resolver that validates what will be sent. The form keeps its values as typed (euros with a
 * comma, an 'Illimité' checkbox, a date and a time); `toPayload` turns them into the API payload, and
 * the shared schema checks that payload, so every field shows the message the API would give (spec
 * section 5). The payload's paths are the form's field names, so each message lands under its field;
 * a valid form submits the parsed payload.
 */
export function payloadResolver<TValues extends FieldValues, TPayload>(
  schema: OutputSchema<TPayload>,
  toPayload: (values: TValues) => unknown = (values) => values,
): Resolver<TValues, unknown, TPayload> {
  const validate = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, TPayload>;
  // Errors are keyed by the payload's paths, which are the form's field names.
  return ((values, context, options) =>
    validate(toPayload(values) as FieldValues, context, options as never)) as Resolver<
    TValues,
    unknown,
    TPayload
  >;
}

import type { FieldError, FieldErrors, FieldPath, FieldValues, Resolver } from 'react-hook-form';

/**
 * A schema's refinements over the whole object (`.refine(...)` without a path) come back from
 * `zodResolver` under the empty name, which no field shows. This hands them to `field`, the
 * field they are about (a mute's minutes), unless that field has an error of its own.
 */
export function withWholeFormError<V extends FieldValues, C, O>(
  resolver: Resolver<V, C, O>,
  field: FieldPath<V>,
): Resolver<V, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors = result.errors as Record<string, FieldError | undefined>;
    const whole = errors[''];
    if (!whole) return result;
    const { '': _whole, ...rest } = errors;
    return { values: {}, errors: { [field]: whole, ...rest } as FieldErrors<V> };
  };
}

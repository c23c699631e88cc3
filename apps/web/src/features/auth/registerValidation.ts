import { AuthText, RegisterRequestSchema, type RegisterRequest } from '@atrium/protocol';
import { fieldErrorsFromIssues, type FieldErrors } from '../../shared/ui/formErrors.ts';

/** The fields of the registration form (the request adds `activation_url`). */
export type RegisterField = Exclude<keyof RegisterRequest, 'activation_url'>;

export type RegisterValidation =
  | { readonly data: RegisterRequest; readonly errors: FieldErrors<RegisterField> }
  | { readonly data: null; readonly errors: FieldErrors<RegisterField> };

/**
 * Validates with the very schema the server uses. Zod skips the object's password-match
 * refinement while a field is invalid, so the mismatch is added here to show every error at once.
 */
export function validateRegistration(values: Record<RegisterField, string>): RegisterValidation {
  const candidate = {
    ...values,
    first_name: values.first_name.trim() === '' ? undefined : values.first_name,
    last_name: values.last_name.trim() === '' ? undefined : values.last_name,
  };
  const parsed = RegisterRequestSchema.safeParse(candidate);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors = fieldErrorsFromIssues<RegisterField>(parsed.error.issues);
  if (!errors.repeat_password && values.password !== values.repeat_password) {
    errors.repeat_password = AuthText.passwordMismatch;
  }
  return { data: null, errors };
}

/** One error message per form field. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The shape of a zod issue that the forms read (no zod import needed in the web app). */
interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The first issue of each top-level field, keyed by field name. */
export function fieldErrorsFromIssues<K extends string>(issues: readonly Issue[]): FieldErrors<K> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** Whether any field has an error. */
export function hasErrors<K extends string>(errors: FieldErrors<K>): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * Moves focus to the first field marked invalid, in the order of the form, so a screen reader
 * reads its label and error. A field that already has focus is re-focused to be read again.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  if (field === document.activeElement) field.blur();
  field.focus();
}

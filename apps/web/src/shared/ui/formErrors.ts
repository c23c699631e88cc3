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
  return errors as FieldErrors<K>;
}

/** Whether any field has an error. */
export function hasErrors<K extends string>(errors: FieldErrors<K>): boolean {
  return Object.values(errors).some(Boolean);
}

/** Moves focus to the first field marked invalid, in the order of the form. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

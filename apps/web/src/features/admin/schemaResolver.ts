import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** A zod issue as the console's forms read it (no zod import in the web app). */
export interface SchemaIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  /** A union's failures, branch by branch. */
  readonly errors?: readonly (readonly SchemaIssue[])[];
}

/** Anything with zod's `safeParse`: every schema of the contract. */
export interface IssueSchema<B> {
  safeParse(
    value: unknown,
  ): { success: true; data: B } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

/**
 * An issue's words. A union that fails says "Invalid input"; its last branch is where the
 * contract puts its own text (`z.union([httpUrl, /path])`: "image must be a URL or a /path."),
 * so that branch's first words are shown instead.
 */
export function issueMessage(issue: SchemaIssue): string {
  const last = issue.errors?.at(-1)?.[0];
  return issue.code === 'invalid_union' && last ? issueMessage(last) : issue.message;
}

export interface SchemaResolverOptions<F> {
  /** The form field an issue belongs to; by default the first segment of its path. */
  fieldOf?: (path: readonly PropertyKey[]) => keyof F & string;
  /** The words shown for an issue, e.g. with the list entry it is about (`body`: what was checked). */
  describe?: (issue: SchemaIssue, message: string, body: unknown) => string;
}

/**
 * A react-hook-form resolver over one of the contract's schemas: the form's values become the
 * request (`toBody`: empty text to null, text to numbers), which the schema checks, so the page
 * refuses what the server would, in its words. Each field shows its first issue.
 */
export function schemaResolver<F extends FieldValues, B>(
  schema: IssueSchema<B>,
  toBody: (values: F) => unknown,
  options: SchemaResolverOptions<F> = {},
): Resolver<F, unknown, B> {
  const fieldOf = options.fieldOf ?? ((path) => String(path[0] ?? 'root'));
  return (values) => {
    const body = toBody(values);
    const parsed = schema.safeParse(body);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues) {
      const message = issueMessage(issue);
      errors[fieldOf(issue.path)] ??= {
        type: issue.code,
        message: options.describe ? options.describe(issue, message, body) : message,
      };
    }
    return { values: {}, errors: errors as FieldErrors<F> };
  };
}

/** Trimmed text, or null when empty: an optional field of the contract. */
export const textOrNull = (value: string): string | null => value.trim() || null;

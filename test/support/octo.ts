/** A zod schema of @octocloud/types, as far as a test needs it. */
type Schema = { safeParse: (value: unknown) => { success: boolean; error?: unknown } };

/** The answer satisfies the OCTO specification's own zod schema (else the test fails with what zod said). */
export function expectOcto(schema: Schema, value: unknown): void {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`Not OCTO: ${JSON.stringify(result.error)}\n${JSON.stringify(value, null, 2)}`);
}

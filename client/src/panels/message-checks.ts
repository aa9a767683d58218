/**
 * The checks the panels' guards share. A page's message is untrusted data: a guard accepts
 * it only when every field the panel reads has the type the panel's message union says.
 */

/** The message's fields when it is an object with a string `type`, else undefined. */
export function fieldsOf(message: unknown): (Readonly<Record<string, unknown>> & { readonly type: string }) | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const fields = message as Readonly<Record<string, unknown>>;
  return typeof fields.type === 'string' ? { ...fields, type: fields.type } : undefined;
}

export function isInteger(value: unknown): value is number {
  return Number.isInteger(value);
}

export function isStringArray(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

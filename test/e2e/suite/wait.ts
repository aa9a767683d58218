// Polling instead of fixed sleeps: e2e specs wait for a condition, with a deadline and a message
// that says what was awaited when it fails.

export interface WaitOptions {
  /** Delay between two evaluations of the condition (default 50 ms). */
  intervalMs?: number;
}

/**
 * Evaluates `condition` until it returns a truthy value (which is returned), or throws after
 * `timeoutMs` with "Timed out after N ms waiting for <description>" (and the last error the
 * condition threw, if any). The condition may be async; a throwing condition counts as "not yet".
 */
export async function waitFor<T>(
  condition: () => T | Promise<T>,
  timeoutMs: number,
  description: string,
  options: WaitOptions = {},
): Promise<NonNullable<T>> {
  const intervalMs = options.intervalMs ?? 50;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value) return value as NonNullable<T>;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${description}${cause}`, { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, Math.max(0, deadline - Date.now()))));
  }
}

/** The messages between the AI access panel and its page (`media/ai-access.js`). */

import { fieldsOf, isInteger } from '../message-checks';
import type { AiAccessView } from './view';

/** To the page: the view, a refresh under way, a failure. */
export type AiAccessOut =
  | { readonly type: 'view'; readonly view: AiAccessView }
  | { readonly type: 'busy'; readonly message: string }
  | { readonly type: 'error'; readonly message: string };

/** From the page: reveal a 0-based line, with the note to show on it; or generate server rules for the crawlers offered. */
export type AiAccessIn = { readonly type: 'reveal'; readonly line: number; readonly note: string } | { readonly type: 'enforce' };

export function isAiAccessIn(message: unknown): message is AiAccessIn {
  const m = fieldsOf(message);
  return (m?.type === 'reveal' && isInteger(m.line) && typeof m.note === 'string') || m?.type === 'enforce';
}

/** A reloaded page gets the view or the failure again; "updating…" was about the moment. */
export function aiAccessResend(message: AiAccessOut): AiAccessOut | undefined {
  return message.type === 'busy' ? undefined : message;
}

/** A readonly type made writable, for objects filled in before they are handed out as readonly. */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The URLs and paths tested recently, newest first, kept across sessions in globalState.
 * Other commands keep their own list under their own key (sites fetched, URLs checked).
 */

import type * as vscode from 'vscode';

const KEY = 'robotsLens.testUrl.recent';
const MAX = 15;

export class RecentUrls {
  constructor(
    private readonly state: vscode.Memento,
    private readonly key = KEY,
  ) {}

  list(): string[] {
    const stored = this.state.get<unknown>(this.key);
    return Array.isArray(stored) ? stored.filter((url): url is string => typeof url === 'string') : [];
  }

  async remember(url: string): Promise<void> {
    await this.state.update(this.key, [url, ...this.list().filter((other) => other !== url)].slice(0, MAX));
  }
}

/**
 * Asks for the URL or path to test: what the user types, validated as the matcher will
 * read it, with the recently tested ones offered below.
 */

import * as vscode from 'vscode';
import { parseTarget } from '@robots-lens/kernel/match';

interface UrlItem extends vscode.QuickPickItem {
  /** The URL itself: labels render `$(…)` as icons, so the value is kept apart. */
  readonly url: string;
}

export interface UrlInputOptions {
  readonly title: string;
  readonly step?: number;
  readonly totalSteps?: number;
}

/** Resolves to the URL or path, or undefined when the user cancels. */
export function askUrl(recent: readonly string[], options: UrlInputOptions): Promise<string | undefined> {
  const pick = vscode.window.createQuickPick<UrlItem>();
  pick.title = options.title;
  if (options.step !== undefined) pick.step = options.step;
  if (options.totalSteps !== undefined) pick.totalSteps = options.totalSteps;
  pick.placeholder = 'A path (/cart/?id=1) or a URL (https://www.example.com/cart/); Enter to test';
  pick.ignoreFocusOut = true;
  pick.matchOnDescription = false;

  const recentItems = recent.map((url): UrlItem => ({ label: url, description: 'recently tested', url }));
  const itemsFor = (value: string): UrlItem[] => {
    const typed = value.trim();
    if (typed === '' || recent.includes(typed)) return recentItems;
    const parsed = parseTarget(typed);
    const typedItem: UrlItem = parsed.ok
      ? { label: typed, description: parsed.target.origin ? `path ${parsed.target.path} on ${parsed.target.origin}` : 'path', alwaysShow: true, url: typed }
      : { label: typed, description: `$(warning) ${parsed.message}`, alwaysShow: true, url: typed };
    return [typedItem, ...recentItems];
  };
  pick.items = itemsFor('');

  return new Promise<string | undefined>((resolve) => {
    let settled = false;
    const finish = (url: string | undefined): void => {
      if (settled) return;
      settled = true;
      resolve(url);
      pick.hide();
    };
    pick.onDidChangeValue((value) => {
      pick.items = itemsFor(value);
    });
    pick.onDidAccept(() => {
      const url = (pick.selectedItems[0]?.url ?? pick.value).trim();
      if (url === '') return;
      const parsed = parseTarget(url);
      // An invalid URL keeps the picker open; the typed item already says why.
      if (!parsed.ok) {
        pick.value = url;
        pick.items = itemsFor(url);
        return;
      }
      finish(url);
    });
    pick.onDidHide(() => {
      finish(undefined);
      pick.dispose();
    });
    pick.show();
  });
}

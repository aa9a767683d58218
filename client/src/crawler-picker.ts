/**
 * Asks which crawlers to test: the catalogue (token, operator and purpose) with several
 * picks allowed, plus whatever token or full User-Agent header the user types. Every crawler
 * picked is in sight: the preselected ones head the list (GPTBot is the 27th of the catalogue,
 * below the fold), and the title names all that are picked as boxes are ticked.
 */

import * as vscode from 'vscode';
import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { purposesText } from '@robots-lens/editor/explain';
import { pickerTitle } from './crawler-picker-title';

interface CrawlerItem extends vscode.QuickPickItem {
  /** What is sent as the agent: a catalogue token, or the text as typed. */
  readonly agent: string;
}

export interface CrawlerPickerOptions {
  /** "Test /cart/ for…": the picked crawlers' names replace the "…". */
  readonly title: string;
  /** Picked when the picker opens: tokens or User-Agent headers, catalogue or not. */
  readonly preselected: readonly string[];
  readonly step?: number;
  readonly totalSteps?: number;
}

const sameAgent = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

const CATALOGUE_ITEMS: readonly CrawlerItem[] = CRAWLERS.map((crawler) => ({
  label: crawler.token,
  description: `${crawler.operator} · ${purposesText(crawler.purposes)}`,
  ...(crawler.name !== crawler.token ? { detail: crawler.name } : {}),
  agent: crawler.token,
}));

const separator = (label: string): CrawlerItem => ({ label, kind: vscode.QuickPickItemKind.Separator, agent: '' });

function customItem(agent: string, typed: boolean): CrawlerItem {
  return {
    label: agent,
    description: typed ? 'use as typed: a product token or a full User-Agent header' : 'not in the catalogue',
    alwaysShow: typed,
    agent,
  };
}

/** Resolves to the agents to test (at least one), or undefined when the user cancels. */
export function pickCrawlers(options: CrawlerPickerOptions): Promise<string[] | undefined> {
  const pick = vscode.window.createQuickPick<CrawlerItem>();
  pick.title = options.title;
  if (options.step !== undefined) pick.step = options.step;
  if (options.totalSteps !== undefined) pick.totalSteps = options.totalSteps;
  pick.placeholder = 'Pick crawlers, or type any token or User-Agent header; Enter to test';
  pick.canSelectMany = true;
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  pick.ignoreFocusOut = true;

  // Agents outside the catalogue the user has picked stay in the list once picked.
  const custom: CrawlerItem[] = options.preselected
    .filter((agent) => !CATALOGUE_ITEMS.some((item) => sameAgent(item.agent, agent)))
    .map((agent) => customItem(agent, false));
  const preselected = CATALOGUE_ITEMS.filter((item) => options.preselected.some((agent) => sameAgent(agent, item.agent)));
  const others = CATALOGUE_ITEMS.filter((item) => !preselected.includes(item));
  let typedItem: CrawlerItem | undefined;
  // The list keeps its order while boxes are ticked (an item must not move under the mouse).
  const allItems = (): CrawlerItem[] => {
    const first = [...custom, ...preselected];
    return [
      ...(typedItem ? [typedItem] : []),
      ...(first.length > 0 ? [separator('preselected or typed'), ...first, separator('catalogue')] : []),
      ...others,
    ];
  };
  const setItems = (selected: readonly CrawlerItem[]): void => {
    const items = allItems();
    pick.items = items;
    pick.selectedItems = items.filter((item) => selected.includes(item));
    pick.title = pickerTitle(options.title, pick.selectedItems.map((item) => item.agent));
  };
  setItems([...custom, ...preselected]);

  return new Promise<string[] | undefined>((resolve) => {
    let settled = false;
    const finish = (agents: string[] | undefined): void => {
      if (settled) return;
      settled = true;
      resolve(agents);
      pick.hide();
    };
    pick.onDidChangeValue((value) => {
      const typed = value.trim();
      const known = typed === '' || [...custom, ...CATALOGUE_ITEMS].some((item) => sameAgent(item.agent, typed));
      // The list is set again only when the typed entry changes: setting it also sets the
      // selection as this side last heard of it, which would undo a box ticked meanwhile.
      if ((known ? undefined : typed) === typedItem?.agent) return;
      typedItem = known ? undefined : customItem(typed, true);
      setItems(pick.selectedItems);
    });
    pick.onDidChangeSelection((selected) => {
      pick.title = pickerTitle(options.title, selected.map((item) => item.agent));
      // A typed agent, once picked, becomes a permanent entry of the list.
      if (typedItem && selected.includes(typedItem)) {
        const kept = customItem(typedItem.agent, false);
        custom.unshift(kept);
        typedItem = undefined;
        setItems([...selected.filter((item) => item.agent !== kept.agent), kept]);
      }
    });
    pick.onDidAccept(() => {
      const agents = pick.selectedItems.map((item) => item.agent);
      // Enter on a typed agent with nothing picked tests that agent.
      if (agents.length === 0 && pick.value.trim() !== '') agents.push(pick.value.trim());
      if (agents.length > 0) finish(agents);
    });
    pick.onDidHide(() => {
      finish(undefined);
      pick.dispose();
    });
    pick.show();
  });
}

/**
 * Survey Sites…' results panel: the totals, then the sites × crawlers matrix; a cell's click
 * opens that site's fetched robots.txt (as an untitled document, once per survey) and reveals
 * the line that decides. Sites, rule text and fetched files are untrusted: the page is a
 * static shell and `media/survey.js` inserts every value as text.
 */

import * as vscode from 'vscode';
import type { SurveySitesResult } from '../../../../server/src/protocol';
import { revealLine, ROBOTS_LANGUAGE_ID } from '../../robots-document';
import type { WinningLineHighlight } from '../../winning-line';
import { WebviewPanelHost } from '../webview-panel-host';
import { isSurveyIn } from './messages';
import type { SurveyIn, SurveyOut } from './messages';
import { surveyPage } from './page';
import type { SurveyView } from './view';

export const SURVEY_VIEW_TYPE = 'robotsLens.survey';

export interface SurveyPanelDeps {
  readonly extensionUri: vscode.Uri;
  readonly highlight: WinningLineHighlight;
}

export class SurveyPanel extends WebviewPanelHost<SurveyIn, SurveyOut> {
  /** Shows a survey, reusing the open panel. */
  static show(deps: SurveyPanelDeps, result: SurveySitesResult, view: SurveyView): void {
    const open = WebviewPanelHost.opened(SURVEY_VIEW_TYPE);
    const panel = open instanceof SurveyPanel ? open : new SurveyPanel(deps);
    panel.result = result;
    panel.view = view;
    panel.opened.clear();
    panel.post({ type: 'results', view });
    panel.showBeside();
  }

  private result: SurveySitesResult | undefined;
  private view: SurveyView | undefined;
  /** Each site's fetched file, opened once per survey. */
  private readonly opened = new Map<number, vscode.TextDocument>();

  private constructor(private readonly deps: SurveyPanelDeps) {
    super(deps.extensionUri, {
      viewType: SURVEY_VIEW_TYPE,
      title: 'Survey',
      page: surveyPage,
      retainContextWhenHidden: true,
      accepts: isSurveyIn,
      resend: (message) => message,
    });
  }

  protected async receive(message: SurveyIn): Promise<void> {
    const site = this.result?.sites[message.row];
    const row = this.view?.rows[message.row];
    const cell = row?.cells[message.cell];
    if (!site || !row || !cell) return;
    if (site.text === null || cell.line === null) {
      void vscode.window.showInformationMessage(`${row.site}: ${row.explanation}`);
      return;
    }
    let document = this.opened.get(message.row);
    if (document === undefined || document.isClosed) {
      document = await vscode.workspace.openTextDocument({ language: ROBOTS_LANGUAGE_ID, content: site.text });
      this.opened.set(message.row, document);
    }
    await revealLine(document, cell.line - 1);
    this.deps.highlight.show(document, [{ line: cell.line - 1, note: `${this.result?.agents[message.cell] ?? ''} on ${row.site}: ${cell.label}` }]);
  }
}

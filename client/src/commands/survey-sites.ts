/**
 * `robotsLens.surveySites`: a text file of sites (one a line, `#` comments) surveyed as
 * `robots-lens survey` does — each site's robots.txt fetched in the language server, decided
 * for the Test URL crawlers and the paths asked — and shown as a matrix, the answer first.
 * On the web a browser cannot fetch other sites: the command says so and offers the CLI line.
 *
 * Interactive (palette): the active editor's sites, then the paths to test.
 * Programmatic: `executeCommand('robotsLens.surveySites', { uri?, sites?, agents?, paths? })`
 * asks nothing, shows the panel and returns the server's answer.
 */

import * as vscode from 'vscode';
import type { SurveySitesResult } from '../../../server/src/protocol';
import { manageWorkspaceTrust, offerAlternatives } from '../alternatives';
import type { Alternative } from '../alternatives';
import { isPlainObject, uriArgument } from '../command-arguments';
import { restrictedModeMessage } from '../language-client';
import type { RobotsServer } from '../language-client';
import { LIVE_FETCH_UNAVAILABLE } from '../live-fetch';
import { readSettings, stringList } from '../settings';
import { SurveyPanel } from '../panels/survey/panel';
import type { SurveyPanelDeps } from '../panels/survey/panel';
import { sitesIn, surveyView } from '../panels/survey/view';

export const SURVEY_SITES_COMMAND = 'robotsLens.surveySites';

/** What runs anywhere with Node: the CLI, given the same file. */
export const SURVEY_CLI_LINE = 'npx robots-lens survey --sites sites.txt --html survey.html';

export interface SurveySitesDeps extends SurveyPanelDeps {
  readonly server: RobotsServer;
}

const copyCliLine: Alternative = {
  title: 'Copy the CLI Line',
  run: async () => {
    await vscode.env.clipboard.writeText(SURVEY_CLI_LINE);
    vscode.window.setStatusBarMessage(`Copied: ${SURVEY_CLI_LINE}`, 10_000);
  },
};

export function registerSurveySites(deps: SurveySitesDeps): vscode.Disposable {
  return vscode.commands.registerCommand(SURVEY_SITES_COMMAND, async (first?: unknown) => {
    if (LIVE_FETCH_UNAVAILABLE !== undefined) {
      return void (await offerAlternatives(`Survey Sites: ${LIVE_FETCH_UNAVAILABLE} The CLI surveys a file of sites: ${SURVEY_CLI_LINE}`, [copyCliLine]));
    }
    if (!vscode.workspace.isTrusted) return void (await offerAlternatives(restrictedModeMessage('Surveying sites'), [manageWorkspaceTrust, copyCliLine]));
    try {
      if (isPlainObject(first)) {
        const document = await documentOf(uriArgument(first.uri));
        const sites = stringList(first.sites);
        const agents = stringList(first.agents);
        const paths = stringList(first.paths);
        return await survey(deps, document, sites.length > 0 ? sites : sitesIn(document?.getText() ?? ''), agents.length > 0 ? agents : readSettings(document?.uri).defaultCrawlers, paths.length > 0 ? paths : ['/']);
      }
      const document = await documentOf(first instanceof vscode.Uri ? first : undefined);
      if (document === undefined) throw new Error('open a text file of sites first (one site a line, e.g. example.com).');
      const sites = sitesIn(document.getText());
      if (sites.length === 0) throw new Error(`${vscode.workspace.asRelativePath(document.uri)} lists no site: one a line, e.g. example.com.`);
      const typed = await vscode.window.showInputBox({
        title: `Survey ${sites.length} site${sites.length === 1 ? '' : 's'}: paths to test`,
        prompt: 'Paths (and queries) starting with /, separated by spaces. The whole site is said disallowed only when the rules prove it.',
        value: '/',
        ignoreFocusOut: true,
        validateInput: (value) => (value.trim().split(/\s+/).every((p) => p.startsWith('/')) ? undefined : 'Each path starts with /.'),
      });
      if (typed === undefined) return undefined;
      return await survey(deps, document, sites, readSettings(document.uri).defaultCrawlers, typed.trim().split(/\s+/));
    } catch (error) {
      void vscode.window.showErrorMessage(`Survey Sites: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  });
}

async function documentOf(target: vscode.Uri | string | undefined): Promise<vscode.TextDocument | undefined> {
  if (target !== undefined) return vscode.workspace.openTextDocument(typeof target === 'string' ? vscode.Uri.parse(target, true) : target);
  return vscode.window.activeTextEditor?.document;
}

async function survey(deps: SurveySitesDeps, document: vscode.TextDocument | undefined, sites: readonly string[], agents: readonly string[], paths: readonly string[]): Promise<SurveySitesResult> {
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Surveying ${sites.length} site${sites.length === 1 ? '' : 's'}: fetching each robots.txt` },
    () => deps.server.surveySites({ sites, agents, paths }),
  );
  SurveyPanel.show(deps, result, surveyView(result, document ? vscode.workspace.asRelativePath(document.uri) : 'the sites given'));
  return result;
}

/**
 * What VS Code gives a webview page: `acquireVsCodeApi()`, callable once per page. `In` is
 * what the page may post (its panel's messages and `ready`), `State` what it keeps across
 * reloads; the page scripts name both, so a message the panel does not accept fails the
 * type check.
 */
interface VsCodeApi<In, State> {
  postMessage(message: In | { readonly type: 'ready' }): void;
  getState(): State | undefined;
  setState(state: State): void;
}

declare function acquireVsCodeApi<In, State = never>(): VsCodeApi<In, State>;

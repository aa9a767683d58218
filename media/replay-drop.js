// @ts-check
// Dropping a log onto the replay panel. VS Code hands a drag from its Explorer (hold Shift in
// an editor area) to the webview as a URI list; the extension checks each URI before replaying
// it. A file dragged in from the operating system carries no path a webview may see, so only
// its name goes along, for the extension to explain. A library of the replay page (loaded
// before replay.js): `acceptDroppedLogs` is its one global.
/* exported acceptDroppedLogs */

/**
 * Calls `onDrop` with the URIs and file names of whatever is dropped on the page, and marks
 * the page (`body.dropping`) while something is dragged over it.
 * @param {(uris: string[], files: string[]) => void} onDrop
 */
function acceptDroppedLogs(onDrop) {
  /** @param {DataTransfer} data */
  function droppedUris(data) {
    /** @type {string[]} */
    const uris = [];
    for (const type of ['application/vnd.code.uri-list', 'text/uri-list']) {
      const text = data.getData(type);
      if (!text) continue;
      for (const line of text.split(/\r?\n/)) {
        const uri = line.trim();
        if (uri !== '' && !uri.startsWith('#') && !uris.includes(uri)) uris.push(uri);
      }
    }
    return uris;
  }

  document.addEventListener('dragover', (event) => {
    event.preventDefault();
    document.body.classList.add('dropping');
  });
  document.addEventListener('dragleave', () => document.body.classList.remove('dropping'));
  document.addEventListener('drop', (event) => {
    event.preventDefault();
    document.body.classList.remove('dropping');
    const data = event.dataTransfer;
    if (!data) return;
    onDrop(droppedUris(data), Array.from(data.files || []).map((file) => file.name));
  });
}

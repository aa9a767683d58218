// @ts-check
// The replay's summary cards: a figure, its label and detail each, and on the IP lists card
// the button that downloads them. The cards come built from the extension
// (client/src/panels/replay/cards.ts) and go in as text. A library of the replay page (loaded
// before replay.js): `renderReplayCards` is its one global.
/** @typedef {import('../client/src/panels/replay/cards').ReplayCard} ReplayCard */
/* exported renderReplayCards */

/**
 * Replaces the cards in `container`; `onRefresh` is called when the IP lists card's button is
 * pressed (the button stays disabled until the page enables it again).
 * @param {HTMLElement} container
 * @param {readonly ReplayCard[]} list
 * @param {() => void} onRefresh
 */
function renderReplayCards(container, list, onRefresh) {
  container.replaceChildren(
    ...list.map((c) => {
      const box = el('div', 'card' + (c.kind ? ' ' + c.kind : ''));
      box.dataset.label = c.label;
      box.append(el('div', 'card-value', c.value), el('div', 'card-label', c.label));
      if (c.detail) box.append(el('div', 'card-detail muted', c.detail));
      if (c.action === 'refresh-ranges') {
        const button = el('button', 'secondary card-action', 'Refresh IP lists');
        button.type = 'button';
        button.id = 'refresh-ranges';
        button.title = 'Download the crawler IP lists from their official URLs (as robots-lens ranges --refresh does) and replay again';
        button.addEventListener('click', () => {
          button.disabled = true;
          onRefresh();
        });
        box.append(button);
      }
      return box;
    }),
  );
}

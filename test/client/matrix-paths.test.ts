/**
 * Adding a URL of another origin to the matrix is said, not tested silently: against the
 * origin a fetched robots.txt governs, else against the first URL's origin in the matrix.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { otherOriginNotice } from '../../client/src/panels/matrix/paths';

describe('matrix: URLs on another origin', () => {
  test('a fetched file: a URL of another origin is named, with why its cells are n/a', () => {
    assert.equal(
      otherOriginNotice(['/', '/cart/'], ['https://other.example/x', 'https://shop.example/ok', '/plain'], 'https://shop.example'),
      'https://other.example/x is on another origin than https://shop.example, which this robots.txt was fetched from and governs: its cells are not applicable (n/a).',
    );
  });

  test('a local file: the first URL in the matrix sets the origin, later ones of other origins are named', () => {
    assert.equal(
      otherOriginNotice(['/', 'https://Shop.example/a'], ['https://a.example/x', 'http://shop.example/b'], undefined),
      'https://a.example/x, http://shop.example/b are on other origins than https://shop.example, the origin of the first URL in the matrix. A robots.txt governs only its own origin: the verdicts shown for them are only what these rules say about the path.',
    );
    assert.match(otherOriginNotice([], ['https://a.example/x', 'https://b.example/y'], undefined) ?? '', /^https:\/\/b\.example\/y is on another origin than https:\/\/a\.example/);
  });

  test('paths and URLs of the governed origin: no warning', () => {
    assert.equal(otherOriginNotice(['/'], ['/x', 'https://shop.example/y'], 'https://shop.example'), undefined);
    assert.equal(otherOriginNotice(['/'], ['/x', 'https://shop.example/y'], undefined), undefined);
    assert.equal(otherOriginNotice(['/'], ['/x'], undefined), undefined);
  });
});

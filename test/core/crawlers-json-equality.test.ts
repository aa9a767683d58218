// Temporary: the catalogue loaded from JSON is the catalogue the TypeScript literals made,
// value for value and key for key (JSON output and hovers keep their order), before the
// literals go.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CRAWLERS } from '../../server/src/core/crawlers';
import { LITERAL_CRAWLERS } from '../../server/src/core/crawlers/catalogue-literals';

describe('catalogue from JSON', () => {
  it('deep-equals the literals it was generated from', () => {
    assert.equal(CRAWLERS.length, LITERAL_CRAWLERS.length);
    assert.deepStrictEqual(CRAWLERS, LITERAL_CRAWLERS);
    assert.equal(JSON.stringify(CRAWLERS), JSON.stringify(LITERAL_CRAWLERS));
    CRAWLERS.forEach((c, i) => assert.deepEqual(Object.keys(c), Object.keys(LITERAL_CRAWLERS[i] ?? {}), c.id));
  });
});

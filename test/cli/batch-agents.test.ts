import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { AgentNames } from '../../server/src/cli/commands/batch-agents';

/** `text` of `agent` as it lies in a line of a batch, with bytes either side. */
function textIn(names: AgentNames, agent: string): string {
  const bytes = Buffer.from(`{"agent":"${agent}","url":"/"}`, 'latin1');
  const start = '{"agent":"'.length;
  return names.text(bytes, start, start + agent.length);
}

/** Agents of one length that agree on the bytes the table hashes (first, last, a quarter and half way) and differ elsewhere. */
function lookAlikes(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `Gx${String(i).padStart(3, '0')}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`.slice(0, 40));
}

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 });

describe('the agent names of a batch', () => {
  test('give the text of the bytes, for agents seen before and new ones alike', () => {
    fc.assert(
      fc.property(fc.array(printable, { minLength: 1, maxLength: 12 }), fc.array(fc.nat(), { maxLength: 200 }), (pool, picks) => {
        const names = new AgentNames();
        for (const pick of picks) {
          const agent = pool[pick % pool.length]!;
          assert.equal(textIn(names, agent), agent);
        }
      }),
    );
  });

  test('agents alike in the hashed bytes are told apart, past the slots tried', () => {
    const names = new AgentNames();
    const agents = lookAlikes(20);
    assert.equal(new Set(agents.map((a) => a.length)).size, 1);
    for (let round = 0; round < 3; round++) {
      for (const agent of agents) assert.equal(textIn(names, agent), agent);
    }
  });

  test('more distinct agents than the table keeps still each get their own text', () => {
    const names = new AgentNames();
    const agents = Array.from({ length: 5000 }, (_, i) => `Bot-${i}`);
    for (let round = 0; round < 2; round++) {
      for (const agent of agents) assert.equal(textIn(names, agent), agent);
    }
  });

  test('an empty agent is the empty string', () => {
    assert.equal(textIn(new AgentNames(), ''), '');
  });
});

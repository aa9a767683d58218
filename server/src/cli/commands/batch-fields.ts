/**
 * The fields `test --batch --fields` takes, in the order of a full answer. Here, apart from
 * test-batch.ts, so that `--help` names them without loading the matcher; a test holds the
 * list to the fields test-batch.ts writes.
 */
export const BATCH_FIELDS = ['url', 'agent', 'crawler', 'outcome', 'allowed', 'line', 'rule', 'group', 'groupLines', 'chain', 'reason', 'explanation'] as const;

import { commandSpec } from '../spec';

export const SERVE = commandSpec({
  usage: 'serve < requests.jsonl',
  summary:
    'A long-lived robots-lens for engines that run many shards on one worker: reads one JSON request a line on stdin, {"id": any, "args": ["replay-scan" | "replay" | "merge", ...]}, runs the command in this process as robots-lens <args> would, and answers one JSON line on stdout, {"id", "exitCode", "stdout", "stderr", "seconds", "maxRssKb", "pid"}, in the order asked. A request it cannot run (not JSON, no args, another command, a log on stdin) is answered {"id", "error"} and the next one is read. Ends when stdin ends.',
  options: [],
  examples: [
    'robots-lens serve < requests.jsonl > answers.jsonl',
    `printf '%s\\n' '{"id":1,"args":["replay-scan","robots.txt","10h.log","--out","10h.scan.json"]}' '{"id":2,"args":["replay","robots.txt","11h.log","--after","10h.scan.json","--summary-json","11h.json"]}' | robots-lens serve`,
  ],
  limits: [
    'One request at a time, answered in order; a request line is at most 1 MiB.',
    'A run\'s stdout and stderr come back whole in its answer: write large outputs to files (--out, --summary-json).',
    'Logs must be files: stdin carries the requests.',
  ],
  exitCodes: [],
});

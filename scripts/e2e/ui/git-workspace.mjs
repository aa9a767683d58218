// Makes the throwaway workspace copy a git repository with robots.txt committed, so that Compare
// with… Git HEAD and the comparison on save have a committed version. Only ever run on the copy:
// examples/ itself must never become a repository.
import { execFileSync } from 'node:child_process';

/** @param {string} folder @param {string[]} args */
function git(folder, args) {
  // Identity and branch given here: the machine's git configuration may have neither.
  execFileSync('git', ['-c', 'user.name=robots-lens ui test', '-c', 'user.email=ui-test@robots-lens.invalid', '-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** `git init` in `folder` and one commit holding `file` as it is now. @param {string} folder @param {string} file */
export function commitToNewRepository(folder, file) {
  git(folder, ['init', '--quiet']);
  git(folder, ['add', '--', file]);
  git(folder, ['commit', '--quiet', '--no-verify', '-m', `${file} as the examples ship it`]);
}

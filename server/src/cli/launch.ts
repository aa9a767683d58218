/**
 * `robots-lens`: the command's entry point (dist/cli.js). It runs the CLI bundle
 * (dist/cli-main.js, built from main.ts) from the code cache the build made for it.
 */

import { join } from 'node:path';
import { runBundle } from './code-cache';

runBundle(join(__dirname, 'cli-main.js'), join(__dirname, 'cli-main.cache'));

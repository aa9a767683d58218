/** Every check, one file each. Add a check here and its rule to `../rules.ts`. */

import type { Check } from '../types';
import { redundantRule } from './redundant-rule';
import { shadowedRule } from './shadowed-rule';

export const CHECKS: readonly Check[] = [shadowedRule, redundantRule];

// Types of chromium.mjs for the TypeScript tests that drive Chromium.
import type { Browser } from 'playwright-core';

export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
export declare function chromiumExecutable(executablePath?: string): string;
export declare function launchChromium(options?: { executablePath?: string }): Promise<Browser>;

// The language server entry point (wired in the language-server issue).

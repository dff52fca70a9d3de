"""The terminal side of the CLI: parsers, completion, progress, prompts, output safety."""

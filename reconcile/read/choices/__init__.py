"""The user's choices: aido.toml layers, overrides, pins, aido.lock, custom servers."""

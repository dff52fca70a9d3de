"""The command line.

The entry point (main.py), one module per command (commands/), the console, and the
probe's command.
"""

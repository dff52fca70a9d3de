"""What a value may hold, checked wherever one is read.

Hardening of commands and URLs, credentials, launch environments.
"""

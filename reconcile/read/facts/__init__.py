"""Facts about the project and machine: stack, git, workspaces, root, agent files."""

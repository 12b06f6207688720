"""CLI subcommands; each module defines `register(subparsers)`."""

"""The `feeds` command line and the settings shared by every part of the service."""

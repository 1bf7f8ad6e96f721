#!/usr/bin/env python3
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main():
    """Run a Django management command with the codexsite settings."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "codexsite.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()

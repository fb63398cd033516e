"""The ``tabletop`` command line: one module per command family, each thin."""

"""Command handlers, one module per area; every module here is imported by `load_handlers`."""

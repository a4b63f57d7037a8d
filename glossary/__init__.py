"""Glossary package: data, importers and search (filled by the glossary issue)."""
